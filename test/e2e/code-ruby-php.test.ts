/**
 * A Rails app and a Laravel-style PHP app as one code source through the built CLI: `update`
 * reads their imports (Zeitwerk constants, require_relative, composer PSR-4 `use`s, same-namespace
 * classes), `get` of a file lists them with its symbols, and a plan seeded at a model walks to the
 * files that use it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from '../helpers/cli.js';
import { tempHome } from '../helpers/temp-home.js';

const home = tempHome();
const env = cliEnv(home.dir);
const repo = join(home.dir, 'apps');

const FILES: Record<string, string> = {
  'shop/config/application.rb': 'require_relative "boot"\n\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n',
  'shop/config/boot.rb': 'require "bundler/setup"\n',
  'shop/app/models/invoice.rb': 'class Invoice < ApplicationRecord\n  def total_cents\n    lines.sum(:cents)\n  end\nend\n',
  'shop/app/models/application_record.rb': 'class ApplicationRecord < ActiveRecord::Base\n  self.abstract_class = true\nend\n',
  'shop/app/controllers/billing/invoices_controller.rb':
    'module Billing\n  class InvoicesController < ApplicationController\n    def show\n      @invoice = Invoice.find(params[:id])\n    end\n  end\nend\n',
  'shop/app/controllers/application_controller.rb': 'class ApplicationController < ActionController::Base\nend\n',
  'blog/composer.json': JSON.stringify({ autoload: { 'psr-4': { 'Blog\\': 'src/' } } }),
  'blog/src/Models/Post.php': '<?php\n\nnamespace Blog\\Models;\n\nclass Post\n{\n    public function publish(): void\n    {\n    }\n}\n',
  'blog/src/Models/Author.php':
    '<?php\n\nnamespace Blog\\Models;\n\nclass Author\n{\n    public function posts(): array\n    {\n        return [new Post()];\n    }\n}\n',
  'blog/src/Http/PostController.php':
    '<?php\n\nnamespace Blog\\Http;\n\nuse Blog\\Models\\Post;\n\nclass PostController\n{\n    public function show(int $id): Post\n    {\n        return new Post();\n    }\n}\n',
};

beforeAll(async () => {
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  const add = await runCli(['source', 'add', 'code', repo, '--name', 'apps', '--json'], env);
  expect(add.code, add.stderr).toBe(0);
  const update = await runCli(['update', '--source', 'apps', '--json'], env, { timeoutMs: 120_000 });
  expect(update.code, update.stderr + update.stdout).toBe(0);
}, 180_000);

afterAll(() => home.cleanup());

const get = async (path: string) => {
  const got = await runCli(['get', `apps:code_file:${path}`, '--json'], env);
  expect(got.code, got.stderr).toBe(0);
  return got.json as { outgoing: Array<{ toId: string }>; incoming: Array<{ fromId: string }>; children: Array<{ name: string }> };
};

describe('Ruby and PHP imports through the CLI', () => {
  it('get of a Rails controller lists the files its constants autoload, and its symbols', async () => {
    const got = await get('shop/app/controllers/billing/invoices_controller.rb');
    expect(got.outgoing.map((e) => e.toId).sort()).toEqual([
      'apps:code_file:shop/app/controllers/application_controller.rb',
      'apps:code_file:shop/app/models/invoice.rb',
    ]);
    expect(got.children.map((c) => c.name)).toEqual(['Billing', 'Billing::InvoicesController', 'Billing::InvoicesController.show']);
  });

  it('get of a PHP class lists its importers: a `use` and a class of the same namespace', async () => {
    const got = await get('blog/src/Models/Post.php');
    expect(got.incoming.map((e) => e.fromId).sort()).toEqual(['apps:code_file:blog/src/Http/PostController.php', 'apps:code_file:blog/src/Models/Author.php']);
    expect(got.children.map((c) => c.name)).toEqual(['Post', 'Post.publish']);
  });

  it('a plan seeded at a model reaches the files that use it', async () => {
    const rb = await runCli(['plan', 'how invoices are shown', '--seed', 'shop/app/models/invoice.rb', '--rank', 'graph', '--json'], env);
    expect(rb.code, rb.stderr).toBe(0);
    expect(rb.json.context.relatedFiles).toContain('shop/app/controllers/billing/invoices_controller.rb');
    const php = await runCli(['plan', 'how posts are shown', '--seed', 'blog/src/Models/Post.php', '--rank', 'graph', '--json'], env);
    expect(php.code, php.stderr).toBe(0);
    expect(php.json.context.relatedFiles).toEqual(expect.arrayContaining(['blog/src/Http/PostController.php', 'blog/src/Models/Author.php']));
  });
});
