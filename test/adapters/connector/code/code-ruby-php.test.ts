/**
 * Ruby and PHP through tree-sitter: small trees written to a temp folder, their imports resolved
 * to files of the tree as Ruby (load path, require_relative, Rails/Zeitwerk autoloading with its
 * lexical lookup) and PHP (composer PSR-4/PSR-0, `use`, same namespace, includes) resolve them;
 * gems, the standard library and vendor packages are no edges. Symbols from the same parse.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodeConnector } from '../../../../src/adapters/connector/code/index.js';
import type { SourceSnapshot } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function scan(files: Record<string, string>): Promise<SourceSnapshot> {
  const root = mkdtempSync(join(tmpdir(), 'sextant-rb-php-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const source: SourceRecord = { name: 'svc', type: 'code', url: root, options: {}, createdAt: new Date().toISOString() };
  const connector = createCodeConnector();
  connector.validate(source);
  return connector.introspect(source, { stored: async () => [] });
}

/** `from → to (kinds)`, sorted. */
const edgeList = (s: SourceSnapshot) =>
  s.edges.map((e) => `${e.fromId.split(':')[2]} → ${e.toId.split(':')[2]} (${(e.attributes?.kinds as string[]).join(',')})`).sort();
const symbols = (s: SourceSnapshot, file: string) =>
  s.objects.filter((o) => o.kind === 'code_symbol' && o.attributes.file === file).map((o) => `${o.attributes.symbolKind} ${o.name}: ${o.definition}`);

const RAILS = {
  'config/application.rb':
    'require_relative "boot"\nrequire "rails/all"\n\nmodule Shop\n  class Application < Rails::Application\n    config.autoload_lib(ignore: %w[assets tasks])\n    config.autoload_paths << "#{root}/extras"\n  end\nend\n',
  'config/boot.rb': 'require "bundler/setup"\n',
  'config/environment.rb': 'require_relative "application"\nRails.application.initialize!\n',
  'app/models/application_record.rb': 'class ApplicationRecord < ActiveRecord::Base\n  self.abstract_class = true\nend\n',
  'app/models/user.rb':
    'class User < ApplicationRecord\n  include Searchable\n  ROLES = %w[admin member].freeze\n  has_many :orders\n\n  def self.find_admin\n    where(role: "admin").first\n  end\n\n  def display_name(short = false)\n    name.titleize\n  end\n\n  private\n\n  def secret\n  end\nend\n',
  'app/models/concerns/searchable.rb': 'module Searchable\n  extend ActiveSupport::Concern\nend\n',
  'app/models/order.rb': 'class Order < ApplicationRecord\n  belongs_to :user\n\n  def summary\n    HTMLParser.new.parse(notes)\n  end\nend\n',
  'app/models/admin/audit_log.rb': 'module Admin\n  class AuditLog\n    def self.record(action)\n    end\n  end\nend\n',
  'app/controllers/application_controller.rb': 'class ApplicationController < ActionController::Base\nend\n',
  'app/controllers/admin/application_controller.rb': 'module Admin\n  class ApplicationController < ::ApplicationController\n  end\nend\n',
  // inside `module Admin`, ApplicationController is Admin::ApplicationController
  'app/controllers/admin/users_controller.rb':
    'module Admin\n  class UsersController < ApplicationController\n    def index\n      @users = User.all\n      AuditLog.record(:index)\n      Orders::Export.call\n    end\n  end\nend\n',
  // inside Orders::Export, Order is the top-level model: there is no Orders::Order
  'app/services/orders/export.rb': 'module Orders\n  class Export\n    def self.call\n      Order.all.map { |o| o.user.class::ROLES }\n    end\n  end\nend\n',
  'app/jobs/cleanup_job.rb': 'class CleanupJob < ApplicationJob\n  def perform\n    MailerTools.send_all\n    Cleanup.run\n    User::ROLES\n  end\nend\n',
  'lib/html_parser.rb': 'require "nokogiri"\n\nclass HTMLParser\n  def parse(text)\n  end\nend\n',
  // lib/tasks is left out of autoloading: Cleanup is no edge
  'lib/tasks/cleanup.rb': 'module Cleanup\nend\n',
  'extras/mailer_tools.rb': 'module MailerTools\nend\n',
  'test/test_helper.rb': 'require File.expand_path("../config/environment", __dir__)\nrequire "rails/test_help"\n',
  'test/models/user_test.rb': 'require "test_helper"\n\nclass UserTest < ActiveSupport::TestCase\n  def test_name\n    assert User.new\n  end\nend\n',
  'script/report.rb':
    'require File.expand_path("../../config/environment", __FILE__)\nrequire Rails.root.join("lib", "html_parser").to_s\nrequire_relative "support/format"\n\ndef report\n  format_row([1])\nend\n',
  'script/support/format.rb': 'def format_row(row)\n  row.join(",")\nend\n',
};

const GEMS = {
  // a gem using Zeitwerk: its lib folder is an autoload root
  'lib/acme.rb': 'require "zeitwerk"\n\nloader = Zeitwerk::Loader.for_gem\nloader.setup\n\nmodule Acme\nend\n',
  'lib/acme/client.rb': 'module Acme\n  class Client\n    def get\n      Request.new\n    end\n  end\nend\n',
  'lib/acme/request.rb': 'module Acme\n  class Request\n  end\nend\n',
  // a gem of the monorepo loading by require: its constants need a require, so Tools::Version is no autoload edge
  'tools/lib/tools.rb': 'require "tools/version"\nrequire "json"\n\nmodule Tools\n  def self.version\n    Version::STRING\n  end\nend\n',
  'tools/lib/tools/version.rb': 'module Tools\n  module Version\n    STRING = "1.0"\n  end\nend\n',
  'tools/test/test_helper.rb': '$LOAD_PATH.unshift File.expand_path("../lib", __dir__)\nrequire "tools"\nrequire "minitest/autorun"\n',
  'tools/test/tools_test.rb': 'require "test_helper"\nload "tools/version.rb"\n',
};

describe('Ruby: requires, the load path and Zeitwerk autoloading', () => {
  it('a Rails app: require_relative, computed paths, the load path, and constants by Zeitwerk names under the autoload roots', async () => {
    const s = await scan(RAILS);
    expect(edgeList(s)).toEqual([
      'app/controllers/admin/application_controller.rb → app/controllers/application_controller.rb (autoload)',
      'app/controllers/admin/users_controller.rb → app/controllers/admin/application_controller.rb (autoload)',
      'app/controllers/admin/users_controller.rb → app/models/admin/audit_log.rb (autoload)',
      'app/controllers/admin/users_controller.rb → app/models/user.rb (autoload)',
      'app/controllers/admin/users_controller.rb → app/services/orders/export.rb (autoload)',
      'app/jobs/cleanup_job.rb → app/models/user.rb (autoload)',
      'app/jobs/cleanup_job.rb → extras/mailer_tools.rb (autoload)',
      'app/models/order.rb → app/models/application_record.rb (autoload)',
      'app/models/order.rb → lib/html_parser.rb (autoload)',
      'app/models/user.rb → app/models/application_record.rb (autoload)',
      'app/models/user.rb → app/models/concerns/searchable.rb (autoload)',
      'app/services/orders/export.rb → app/models/order.rb (autoload)',
      'config/application.rb → config/boot.rb (require_relative)',
      'config/environment.rb → config/application.rb (require_relative)',
      'script/report.rb → config/environment.rb (require)',
      'script/report.rb → lib/html_parser.rb (require)',
      'script/report.rb → script/support/format.rb (require_relative)',
      'test/models/user_test.rb → app/models/user.rb (autoload)',
      'test/models/user_test.rb → test/test_helper.rb (require)',
      'test/test_helper.rb → config/environment.rb (require)',
    ]);
    expect(symbols(s, 'app/models/user.rb')).toEqual([
      'class User: class User < ApplicationRecord',
      'method User.find_admin: def self.find_admin',
      'method User.display_name: def display_name(short = false)',
    ]);
    expect(symbols(s, 'app/controllers/admin/users_controller.rb')).toEqual([
      'module Admin: module Admin',
      'class Admin::UsersController: class UsersController < ApplicationController',
      'method Admin::UsersController.index: def index',
    ]);
    expect(symbols(s, 'script/support/format.rb')).toEqual(['def format_row: def format_row(row)']);
  });

  it("a Zeitwerk gem's lib is an autoload root; a require gem resolves by the nearest load path, load takes the name as written", async () => {
    const s = await scan(GEMS);
    expect(edgeList(s)).toEqual([
      'lib/acme/client.rb → lib/acme.rb (autoload)',
      'lib/acme/client.rb → lib/acme/request.rb (autoload)',
      'lib/acme/request.rb → lib/acme.rb (autoload)',
      'tools/lib/tools.rb → tools/lib/tools/version.rb (require)',
      'tools/test/test_helper.rb → tools/lib/tools.rb (require)',
      'tools/test/tools_test.rb → tools/lib/tools/version.rb (load)',
      'tools/test/tools_test.rb → tools/test/test_helper.rb (require)',
    ]);
  });
});

const COMPOSER = JSON.stringify({
  autoload: { 'psr-4': { 'App\\': 'app/' }, 'psr-0': { Legacy_: 'legacy/' }, files: ['app/helpers.php'] },
  'autoload-dev': { 'psr-4': { 'Tests\\': ['tests/'] } },
});

const PHP = {
  'composer.json': COMPOSER,
  'app/Models/User.php':
    '<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\nclass User extends Model\n{\n    use HasRoles;\n\n    public function posts()\n    {\n        return $this->hasMany(Post::class);\n    }\n\n    protected function secret()\n    {\n    }\n}\n',
  'app/Models/HasRoles.php': '<?php\n\nnamespace App\\Models;\n\ntrait HasRoles\n{\n}\n',
  'app/Models/Post.php': '<?php\n\nnamespace App\\Models;\n\nfinal class Post\n{\n}\n',
  'app/Http/Controllers/Controller.php': '<?php\n\nnamespace App\\Http\\Controllers;\n\nabstract class Controller\n{\n}\n',
  'app/Http/Controllers/UserController.php':
    '<?php\n\nnamespace App\\Http\\Controllers;\n\nuse App\\Models\\{User, Post as Article};\nuse App\\Services\\Billing;\nuse function App\\Support\\money;\nuse Symfony\\Component\\HttpFoundation\\Response;\n\nclass UserController extends Controller\n{\n    public function show(int $id): Response\n    {\n        $user = User::findOrFail($id);\n        $article = new Article();\n        Billing\\Invoice::for($user);\n        \\App\\Support\\Clock::now();\n        return money(format_price(3));\n    }\n}\n',
  'app/Services/Billing/Invoice.php':
    '<?php\n\nnamespace App\\Services\\Billing;\n\nclass Invoice\n{\n    public static function for($user)\n    {\n        return new \\Legacy_Mailer_Smtp();\n    }\n}\n',
  'app/Support/Clock.php': '<?php\n\nnamespace App\\Support;\n\nclass Clock\n{\n}\n',
  'app/Support/functions.php': '<?php\n\nnamespace App\\Support;\n\nfunction money(int $cents): string\n{\n    return (string) $cents;\n}\n',
  'app/helpers.php': "<?php\n\nif (!function_exists('format_price')) {\n    function format_price(int $cents): int\n    {\n        return $cents;\n    }\n}\n",
  // PSR-0: the class name's underscores are folders
  'legacy/Legacy/Mailer/Smtp.php': '<?php\n\nclass Legacy_Mailer_Smtp\n{\n}\n',
  'tests/TestCase.php': '<?php\n\nnamespace Tests;\n\nabstract class TestCase\n{\n}\n',
  'tests/Feature/UserTest.php':
    '<?php\n\nnamespace Tests\\Feature;\n\nuse Tests\\TestCase;\n\nclass UserTest extends TestCase\n{\n    public function testShow(): void\n    {\n        $this->assertInstanceOf(\\App\\Models\\User::class, null);\n    }\n}\n',
  'public/index.php':
    "<?php\n\nrequire __DIR__ . '/../vendor/autoload.php';\n$app = require_once dirname(__DIR__) . '/bootstrap/app.php';\ninclude 'partials/header.php';\n$widget = new Widget();\n",
  'public/partials/header.php': '<h1><?= htmlspecialchars($title) ?></h1>\n',
  'bootstrap/app.php': '<?php\n\nreturn [];\n',
  // no autoload map reaches lib/: the one file declaring Widget is its file
  'lib/Widget.php': '<?php\n\nclass Widget\n{\n}\n',
};

describe('PHP: composer autoload maps, use, the same namespace, includes', () => {
  it('resolves use (grouped, aliased, function), names in the namespace, PSR-4/PSR-0 paths, functions and includes', async () => {
    const s = await scan(PHP);
    expect(edgeList(s)).toEqual([
      'app/Http/Controllers/UserController.php → app/Http/Controllers/Controller.php (same-namespace)',
      'app/Http/Controllers/UserController.php → app/Models/Post.php (use)',
      'app/Http/Controllers/UserController.php → app/Models/User.php (use)',
      'app/Http/Controllers/UserController.php → app/Services/Billing/Invoice.php (use)',
      'app/Http/Controllers/UserController.php → app/Support/Clock.php (name)',
      'app/Http/Controllers/UserController.php → app/Support/functions.php (use)',
      'app/Http/Controllers/UserController.php → app/helpers.php (function)',
      'app/Models/User.php → app/Models/HasRoles.php (same-namespace)',
      'app/Models/User.php → app/Models/Post.php (same-namespace)',
      'app/Services/Billing/Invoice.php → legacy/Legacy/Mailer/Smtp.php (name)',
      'public/index.php → bootstrap/app.php (require_once)',
      'public/index.php → lib/Widget.php (same-namespace)',
      'public/index.php → public/partials/header.php (include)',
      'tests/Feature/UserTest.php → app/Models/User.php (name)',
      'tests/Feature/UserTest.php → tests/TestCase.php (use)',
    ]);
    expect(symbols(s, 'app/Models/User.php')).toEqual(['class User: class User extends Model', 'method User.posts: public function posts()']);
    expect(symbols(s, 'app/Http/Controllers/UserController.php')).toEqual([
      'class UserController: class UserController extends Controller',
      'method UserController.show: public function show(int $id): Response',
    ]);
    expect(symbols(s, 'app/helpers.php')).toEqual(['function format_price: function format_price(int $cents): int']);
    expect(symbols(s, 'app/Models/HasRoles.php')).toEqual(['trait HasRoles: trait HasRoles']);
  });

  it('a file with several braced namespaces resolves each name in its own namespace and its own uses', async () => {
    const s = await scan({
      'composer.json': JSON.stringify({ autoload: { 'psr-4': { 'Shop\\': 'src/' } } }),
      'src/Cart/Item.php': '<?php\nnamespace Shop\\Cart;\n\nclass Item {}\n',
      'src/Pay/Item.php': '<?php\nnamespace Shop\\Pay;\n\nclass Item {}\n',
      'src/Pay/Gateway.php': '<?php\nnamespace Shop\\Pay;\n\ninterface Gateway {}\n',
      'src/both.php':
        '<?php\nnamespace Shop\\Cart {\n    function total(Item $item) {}\n}\n\nnamespace Shop\\Pay {\n    use Shop\\Cart\\Item as CartItem;\n    function charge(Item $item, CartItem $cartItem): Gateway {}\n}\n',
    });
    expect(edgeList(s)).toEqual([
      'src/both.php → src/Cart/Item.php (use,same-namespace)',
      'src/both.php → src/Pay/Gateway.php (same-namespace)',
      'src/both.php → src/Pay/Item.php (same-namespace)',
    ]);
  });
});
