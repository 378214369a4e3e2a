/**
 * Python, Go and Java through tree-sitter (issue 16): real small trees written to a temp folder,
 * imports resolved to files of the tree (packages, relative imports, go.mod module paths, Java
 * packages and source roots), symbols from the same parse; the standard library and third-party
 * imports are no edges.
 */
import { describe, expect, it } from 'vitest';
import { edgeList, scanTree as scan, symbolsOf as symbols } from '../../../helpers/code-scan.js';

const PYTHON = {
  'app/__init__.py': '',
  'app/main.py':
    '"""Entry point."""\nimport os\nimport requests\nimport app.models.user\nfrom app.services import billing, missing_name\nfrom . import config\n\n@route("/")\ndef index(request):\n    return billing.total()\n\nclass Server:\n    def start(self):\n        pass\n\ndef _private():\n    pass\n',
  'app/config.py': 'DEBUG = True\n',
  'app/models/__init__.py': 'from .user import User\nfrom .. import config\n',
  'app/models/user.py': 'class User:\n    pass\n',
  'app/services/__init__.py': '',
  'app/services/billing.py': 'from ..models.user import User\nfrom app.models import *\n\nasync def total():\n    return 0\n',
  'scripts/run.py': 'import helper\nfrom app.main import index\n',
  'scripts/helper.py': 'import json\n',
};

const GO = {
  'go.mod': 'module example.com/shop\n\ngo 1.22\n',
  'cmd/server/main.go':
    'package main\n\nimport (\n\t"fmt"\n\t"github.com/lib/pq"\n\t"example.com/shop/internal/store"\n\tapi "example.com/shop/internal/api"\n)\n\nfunc main() { fmt.Println(store.New(), api.Routes) }\n',
  'internal/store/store.go':
    'package store\n\nimport "database/sql"\n\n// Store keeps orders.\ntype Store struct{ db *sql.DB }\n\nfunc New() *Store { return &Store{} }\n\nfunc (s *Store) Save(id int) error { return nil }\n\nfunc helper() {}\n',
  'internal/store/query.go': 'package store\n\nconst q = 1\n',
  'internal/store/store_test.go': 'package store\n\nimport "testing"\n\nfunc TestNew(t *testing.T) {}\n',
  'internal/api/routes.go': 'package api\n\nimport "example.com/shop/internal/store"\n\nvar Routes = store.New()\n',
};

const JAVA = {
  'src/main/java/com/acme/App.java':
    'package com.acme;\n\nimport java.util.List;\nimport org.springframework.boot.SpringApplication;\nimport com.acme.model.Order;\nimport com.acme.model.Order.Line;\nimport static com.acme.util.Strings.trim;\nimport com.acme.service.*;\n\npublic class App {\n  public static void main(String[] args) { Config c = new Config(); }\n  private void hidden() {}\n}\n',
  'src/main/java/com/acme/Config.java': 'package com.acme;\n\npublic class Config { int zone = Clock.ZONE; }\n',
  'src/main/java/com/acme/Clock.java':
    'package com.acme;\n\npublic final class Clock { public static final int ZONE = 1; public static long now() { return 0; } }\n',
  'src/main/java/com/acme/Unused.java': 'package com.acme;\n\nclass Unused {}\n',
  'src/main/java/com/acme/model/Order.java':
    'package com.acme.model;\n\npublic class Order {\n  public static class Line {}\n  public int total() { return 0; }\n}\n',
  'src/main/java/com/acme/util/Strings.java': 'package com.acme.util;\n\npublic final class Strings { public static String trim(String s) { return s; } }\n',
  'src/main/java/com/acme/service/OrderService.java':
    'package com.acme.service;\n\nimport com.acme.model.Order;\n\npublic interface OrderService { Order find(long id); }\n',
  'src/main/java/com/acme/service/Billing.java': 'package com.acme.service;\n\npublic enum Billing { MONTHLY }\n',
  'src/test/java/com/acme/AppTest.java':
    'package com.acme;\n\nimport org.junit.Test;\n\npublic class AppTest { App app; long t = Clock.now(); void run() { app.toString(); } }\n',
};

describe('Python, Go and Java imports and symbols (tree-sitter)', () => {
  it('Python: packages, __init__.py, relative imports, from-imports of submodules; stdlib and third party are no edges', async () => {
    const s = await scan(PYTHON);
    expect(edgeList(s)).toEqual([
      'app/main.py → app/config.py',
      'app/main.py → app/models/user.py',
      'app/main.py → app/services/__init__.py',
      'app/main.py → app/services/billing.py',
      'app/models/__init__.py → app/config.py',
      'app/models/__init__.py → app/models/user.py',
      'app/services/billing.py → app/models/__init__.py',
      'app/services/billing.py → app/models/user.py',
      'scripts/run.py → app/main.py',
      'scripts/run.py → scripts/helper.py',
    ]);
    expect(symbols(s, 'app/main.py')).toEqual(['def index: def index(request)', 'class Server: class Server']);
    expect(symbols(s, 'app/services/billing.py')).toEqual(['async def total: async def total()']);
  });

  it('Go: imports under the go.mod module path link the files of the package declaring the names used; exported symbols and methods', async () => {
    const s = await scan(GO);
    // query.go declares nothing main.go or routes.go names (its q is unexported)
    expect(edgeList(s)).toEqual([
      'cmd/server/main.go → internal/api/routes.go',
      'cmd/server/main.go → internal/store/store.go',
      'internal/api/routes.go → internal/store/store.go',
    ]);
    expect(symbols(s, 'internal/store/store.go')).toEqual([
      'type Store: type Store struct',
      'func New: func New() *Store',
      'method Store.Save: func (s *Store) Save(id int) error',
    ]);
  });

  it('Go: a name one file of a package declares and another mentions is a same-package edge, without an import', async () => {
    const s = await scan({
      'go.mod': 'module example.com/cli\n\ngo 1.22\n',
      'command.go':
        'package cli\n\n// Command is one verb.\ntype Command struct{ flags *FlagSet }\n\nfunc (c *Command) Execute() error { return run(c, defaultArgs) }\n',
      'flags.go': 'package cli\n\ntype FlagSet struct{}\n\nfunc (f *FlagSet) Parse() {}\n',
      'run.go': 'package cli\n\nvar defaultArgs = []string{}\n\nfunc run(c *Command, args []string) error { return nil }\n',
      'help.go': 'package cli\n\nconst usage = "usage"\n\nfunc (f *FlagSet) Usage() string { return usage }\n',
      'command_test.go': 'package cli\n\nimport "testing"\n\nfunc TestExecute(t *testing.T) { (&Command{}).Execute() }\n',
      'example_test.go': 'package cli_test\n\nimport "example.com/cli"\n\nfunc Example() { _ = cli.Command{} }\n',
    });
    expect(edgeList(s)).toEqual([
      'command.go → flags.go',
      'command.go → run.go',
      'command_test.go → command.go',
      // the external test package imports the package: an edge to the file declaring what it names, as any importer
      'example_test.go → command.go',
      // a method on a type of another file binds the two
      'help.go → flags.go',
      'run.go → command.go',
    ]);
    const command = s.objects.find((o) => o.id === 'svc:code_file:command.go')!;
    expect(command.attributes.imports).toEqual([
      { path: 'flags.go', kinds: ['same-package'] },
      { path: 'run.go', kinds: ['same-package'] },
    ]);
  });

  it('Java: package declarations and source roots, nested and static members, wildcards, same-package types', async () => {
    const s = await scan(JAVA);
    const m = 'src/main/java/com/acme';
    expect(edgeList(s)).toEqual([
      `${m}/App.java → ${m}/Config.java`,
      `${m}/App.java → ${m}/model/Order.java`,
      `${m}/App.java → ${m}/service/Billing.java`,
      `${m}/App.java → ${m}/service/OrderService.java`,
      `${m}/App.java → ${m}/util/Strings.java`,
      // a static field or call of a class of the same package names it too
      `${m}/Config.java → ${m}/Clock.java`,
      `${m}/service/OrderService.java → ${m}/model/Order.java`,
      `src/test/java/com/acme/AppTest.java → ${m}/App.java`,
      `src/test/java/com/acme/AppTest.java → ${m}/Clock.java`,
    ]);
    const app = s.objects.find((o) => o.path === `${m}/App.java`)!;
    expect((app.attributes.imports as Array<{ path: string; kinds: string[] }>).find((i) => i.path.endsWith('Strings.java'))?.kinds).toEqual(['static-import']);
    expect((app.attributes.imports as Array<{ path: string; kinds: string[] }>).find((i) => i.path.endsWith('Config.java'))?.kinds).toEqual(['same-package']);
    expect(symbols(s, `${m}/App.java`)).toEqual(['class App: public class App', 'method App.main: public static void main(String[] args)']);
    expect(symbols(s, `${m}/model/Order.java`)).toEqual(['class Order: public class Order', 'method Order.total: public int total()']);
  });

  it('a name declared twice in a file is one symbol, its first declaration (Python overloads and branches, Java overloads)', async () => {
    const s = await scan({
      'cli/decorators.py':
        'import typing as t\n\nif t.TYPE_CHECKING:\n    pass\n\n@t.overload\ndef command(name: None = None) -> Command: ...\n\n@t.overload\ndef command(name: str) -> Command: ...\n\ndef command(name=None):\n    return name\n\nclass Command:\n    pass\n',
      'cli/compat.py':
        'import sys\n\nif sys.version_info >= (3, 11):\n    def now():\n        return 1\nelse:\n    def now():\n        return 2\n\ndef now():\n    return 3\n',
      'src/main/java/com/acme/Shapes.java':
        'package com.acme;\n\npublic abstract class Shapes {\n  public int area(int side) { return side; }\n  public int area(int w, int h) { return w * h; }\n  public abstract String name(String prefix);\n}\n',
    });
    expect(symbols(s, 'cli/decorators.py')).toEqual(['def command: def command(name: None = None) -> Command', 'class Command: class Command']);
    expect(symbols(s, 'cli/compat.py')).toEqual(['def now: def now()']);
    expect(symbols(s, 'src/main/java/com/acme/Shapes.java')).toEqual([
      'class Shapes: public abstract class Shapes',
      'method Shapes.area: public int area(int side)',
      'method Shapes.name: public abstract String name(String prefix)',
    ]);
    const ids = s.objects.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a mixed repository: TypeScript through dependency-cruiser next to Python, Go and Java; an unchanged tree reuses the stored symbols', async () => {
    const files = {
      ...Object.fromEntries(Object.entries(PYTHON).map(([p, t]) => [`py/${p}`, t])),
      ...Object.fromEntries(Object.entries(GO).map(([p, t]) => [`go/${p}`, t])),
      ...Object.fromEntries(Object.entries(JAVA).map(([p, t]) => [`java/${p}`, t])),
      'web/src/index.ts': "import { api } from './api.js';\nexport const start = () => api;\n",
      'web/src/api.ts': 'export const api = 1;\n',
    };
    const s = await scan(files);
    const edges = edgeList(s);
    expect(edges).toContain('web/src/index.ts → web/src/api.ts');
    expect(edges).toContain('go/cmd/server/main.go → go/internal/store/store.go');
    expect(edges).toContain('java/src/main/java/com/acme/App.java → java/src/main/java/com/acme/model/Order.java');
    // Python's search roots include the folder above each top-level package, here py/.
    expect(edges).toContain('py/scripts/run.py → py/app/main.py');
    expect(edges).toContain('py/app/main.py → py/app/config.py');
    expect(edges).toHaveLength(1 + 10 + 3 + 9);
    const again = await scan(files, s.objects);
    expect(edgeList(again)).toEqual(edges);
    expect((again.info as { notes: string[] }).notes[0]).toContain('unchanged');
    expect(symbols(again, 'go/internal/store/store.go')).toEqual(symbols(s, 'go/internal/store/store.go'));
    // an index written by an older scan (no Python/Go/Java imports then) is rescanned once, not reused
    const older = s.objects.map((o) => ({ ...o, attributes: { ...o.attributes, scan: undefined, imports: [] } }));
    const upgraded = await scan(files, older);
    expect((upgraded.info as { notes: string[] }).notes[0]).not.toContain('unchanged');
    expect(edgeList(upgraded)).toEqual(edges);
  });
});

describe('JPA named queries across a Java tree', () => {
  it("links a @NamedNativeQuery's tables where a repository runs it by its method's name, and a @Service's JPQL entities where it is declared", async () => {
    const m = 'src/main/java/com/acme';
    const s = await scan({
      [`${m}/Pet.java`]: [
        'package com.acme;',
        '@Entity',
        '@Table(name = "pets")',
        '@NamedNativeQuery(name = "Pet.findStray", query = "select p.* from pets p where p.owner_id is null")',
        'public class Pet {}',
      ].join('\n'),
      [`${m}/PetRepository.java`]: [
        'package com.acme;',
        'public interface PetRepository extends JpaRepository<Pet, Long> {',
        '  List<Pet> findStray();',
        '}',
      ].join('\n'),
      [`${m}/PetService.java`]: [
        'package com.acme;',
        '@Service',
        'public class PetService {',
        '  @PersistenceContext private EntityManager em;',
        '  public int drop() { return em.createQuery("delete from Pet p where p.dead = true").executeUpdate(); }',
        '}',
      ].join('\n'),
    });
    const file = (path: string) => s.objects.find((o) => o.path === `${m}/${path}`)!.attributes;
    expect((file('PetRepository.java').sqlTables as Array<{ table: string; line: number; access: string[] }>).map((t) => [t.table, t.line, t.access])).toEqual([
      ['pets', 3, ['read']],
    ]);
    expect((file('PetService.java').ormTables as Array<{ table: string; line: number; access: string[] }>).map((t) => [t.table, t.line, t.access])).toEqual([
      ['pets', 3, ['write']],
    ]);
  });
});

describe('JPA entity hierarchies across a Java tree', () => {
  it("maps a single-table subclass to its root's table and links a joined subclass's uses to its parent's table too", async () => {
    const m = 'src/main/java/com/acme';
    const s = await scan({
      [`${m}/Payment.java`]: ['package com.acme;', '@Entity', '@Table(name = "payments")', 'public class Payment {}'].join('\n'),
      [`${m}/CardPayment.java`]: ['package com.acme;', '@Entity', '@DiscriminatorValue("card")', 'public class CardPayment extends Payment {}'].join('\n'),
      [`${m}/Item.java`]: [
        'package com.acme;',
        '@Entity',
        '@Table(name = "items")',
        '@Inheritance(strategy = InheritanceType.JOINED)',
        'public class Item {}',
      ].join('\n'),
      [`${m}/Book.java`]: ['package com.acme;', '@Entity', '@Table(name = "books")', 'public class Book extends Item {}'].join('\n'),
      [`${m}/Shop.java`]: [
        'package com.acme;',
        'public class Shop {',
        '  @PersistenceContext private EntityManager em;',
        '  public void pay(CardPayment p) { em.persist(p); }',
        '  public Book book(long id) { return em.find(Book.class, id); }',
        '}',
      ].join('\n'),
    });
    const orm = (path: string) =>
      (s.objects.find((o) => o.path === `${m}/${path}`)!.attributes.ormTables as Array<{ table: string; line: number; access?: string[] }>).map((t) => [
        t.table,
        t.line,
        t.access,
      ]);
    expect(orm('CardPayment.java')).toEqual([['payments', 2, ['schema']]]);
    expect(orm('Shop.java')).toEqual([
      // an entity manager's calls are the class's, where it is declared
      ['payments', 2, ['write']],
      ['books', 2, ['read']],
      ['items', 2, ['read']],
    ]);
  });
});

describe('JPQL held by a constant of another file across a Java and Kotlin tree', () => {
  it('links the entities where a repository statically imports the statement and a Kotlin class names it by its class', async () => {
    const m = 'src/main/java/com/acme';
    const k = 'src/main/kotlin/com/acme';
    const s = await scan({
      [`${m}/Pet.java`]: ['package com.acme;', '@Entity', '@Table(name = "pets")', 'public class Pet {}'].join('\n'),
      [`${m}/Visit.java`]: ['package com.acme;', '@Entity', '@Table(name = "visits")', 'public class Visit {}'].join('\n'),
      [`${m}/Queries.java`]: [
        'package com.acme;',
        'public final class Queries {',
        '  public static final String PURGE = "delete from Pet p " +',
        '      "where p.dead = true";',
        '}',
      ].join('\n'),
      [`${k}/VisitQueries.kt`]: ['package com.acme', 'object VisitQueries {', '    const val OPEN = "select v from Visit v where v.done = false"', '}'].join(
        '\n',
      ),
      [`${m}/PetRepository.java`]: [
        'package com.acme;',
        'import static com.acme.Queries.PURGE;',
        'public interface PetRepository extends JpaRepository<Pet, Long> {',
        '  @Query(PURGE)',
        '  void sweep();',
        '}',
      ].join('\n'),
      [`${m}/PetJob.java`]: [
        'package com.acme;',
        '@Component',
        'public class PetJob {',
        '  private final PetRepository pets;',
        '  public PetJob(PetRepository pets) { this.pets = pets; }',
        '  @Scheduled(cron = "0 0 * * * *") public void run() { pets.sweep(); }',
        '}',
      ].join('\n'),
      [`${k}/VisitReport.kt`]: [
        'package com.acme',
        'class VisitReport(private val em: EntityManager) {',
        '    fun open(): List<Visit> = em.createQuery(VisitQueries.OPEN, Visit::class.java).resultList',
        '}',
      ].join('\n'),
    });
    const orm = (path: string) =>
      (s.objects.find((o) => o.path === path)!.attributes.ormTables as Array<{ table: string; line: number; access?: string[] }> | undefined)?.map((t) => [
        t.table,
        t.line,
        t.access,
      ]);
    // the repository's method writes by the statement its constant holds, though neither @Modifying nor its name says so
    expect(orm(`${m}/PetJob.java`)).toEqual([['pets', 6, ['write']]]);
    expect(orm(`${k}/VisitReport.kt`)).toEqual([['visits', 2, ['read']]]);
  });
});

describe('sqlc: Go code calling the methods sqlc generates', () => {
  const GENERATED = [
    '// Code generated by sqlc. DO NOT EDIT.',
    '// versions:',
    '//   sqlc v1.20.0',
    '// source: transfer.sql',
    '',
    'package db',
    '',
    'import (',
    '\t"context"',
    ')',
    '',
    'const createTransfer = `-- name: CreateTransfer :one',
    'INSERT INTO transfers (',
    '  from_account_id,',
    '  to_account_id,',
    '  amount',
    ') VALUES (',
    '  $1, $2, $3',
    ') RETURNING id, from_account_id, to_account_id, amount, created_at',
    '`',
    '',
    'type CreateTransferParams struct {',
    '\tFromAccountID int64 `json:"from_account_id"`',
    '\tToAccountID   int64 `json:"to_account_id"`',
    '\tAmount        int64 `json:"amount"`',
    '}',
    '',
    'func (q *Queries) CreateTransfer(ctx context.Context, arg CreateTransferParams) (Transfer, error) {',
    '\trow := q.db.QueryRow(ctx, createTransfer, arg.FromAccountID, arg.ToAccountID, arg.Amount)',
    '\tvar i Transfer',
    '\terr := row.Scan(&i.ID, &i.FromAccountID, &i.ToAccountID, &i.Amount, &i.CreatedAt)',
    '\treturn i, err',
    '}',
    '',
    'const getTransfer = `-- name: GetTransfer :one',
    'SELECT id, from_account_id, to_account_id, amount, created_at FROM transfers',
    'WHERE id = $1 LIMIT 1',
    '`',
    '',
    'func (q *Queries) GetTransfer(ctx context.Context, id int64) (Transfer, error) {',
    '\trow := q.db.QueryRow(ctx, getTransfer, id)',
    '\tvar i Transfer',
    '\terr := row.Scan(&i.ID, &i.FromAccountID, &i.ToAccountID, &i.Amount, &i.CreatedAt)',
    '\treturn i, err',
    '}',
    '',
    'const addAccountBalance = `-- name: AddAccountBalance :one',
    'UPDATE accounts',
    'SET balance = balance + sqlc.arg(amount)',
    'WHERE id = sqlc.arg(id)',
    'RETURNING id, owner, balance, currency, created_at',
    '`',
    '',
    'type AddAccountBalanceParams struct {',
    '\tAmount int64 `json:"amount"`',
    '\tID     int64 `json:"id"`',
    '}',
    '',
    'func (q *Queries) AddAccountBalance(ctx context.Context, arg AddAccountBalanceParams) (Account, error) {',
    '\trow := q.db.QueryRow(ctx, addAccountBalance, arg.Amount, arg.ID)',
    '\tvar i Account',
    '\terr := row.Scan(&i.ID, &i.Owner, &i.Balance, &i.Currency, &i.CreatedAt)',
    '\treturn i, err',
    '}',
    '',
  ].join('\n');
  const FILES = {
    'go.mod': 'module github.com/acme/bank\n\ngo 1.21\n',
    'db/sqlc/transfer.sql.go': GENERATED,
    'db/sqlc/tx_transfer.go': [
      'package db',
      '',
      'import "context"',
      '',
      '// TransferTx moves money: CreateTransfer, then AddAccountBalance twice.',
      'func (store *SQLStore) TransferTx(ctx context.Context, arg TransferTxParams) (TransferTxResult, error) {',
      '\tvar result TransferTxResult',
      '\terr := store.execTx(ctx, func(q *Queries) error {',
      '\t\tvar err error',
      '\t\tresult.Transfer, err = q.CreateTransfer(ctx, CreateTransferParams{',
      '\t\t\tFromAccountID: arg.FromAccountID,',
      '\t\t\tToAccountID:   arg.ToAccountID,',
      '\t\t\tAmount:        arg.Amount,',
      '\t\t})',
      '\t\tif err != nil {',
      '\t\t\treturn err',
      '\t\t}',
      '\t\tresult.FromAccount, err = q.AddAccountBalance(ctx, AddAccountBalanceParams{ID: arg.FromAccountID, Amount: -arg.Amount})',
      '\t\treturn err',
      '\t})',
      '\treturn result, err',
      '}',
      '',
    ].join('\n'),
    'api/transfer.go': [
      'package api',
      '',
      'func (server *Server) getTransfer(ctx *gin.Context) {',
      '\t// server.store.CreateTransfer(ctx, …) is not called here',
      '\ttransfer, err := server.store.GetTransfer(ctx, req.ID)',
      '\tif err != nil {',
      '\t\treturn',
      '\t}',
      '\tctx.JSON(http.StatusOK, transfer)',
      '}',
      '',
      'func (server *Server) createTransfer(ctx *gin.Context) {',
      '\tresult, err := server.store.TransferTx(ctx, arg)',
      '\t_ = server.ledger.ListEntries(ctx)',
      '\t_ = server.store.GetTransfer(ctx, result.Transfer.ID)',
      '\tctx.JSON(http.StatusOK, result)',
      '}',
      '',
    ].join('\n'),
    // a hand-written method named like a query: no source of links, though its body runs SQL
    'ledger/ledger.go': [
      'package ledger',
      '',
      'const listEntries = `-- name: ListEntries :many',
      'SELECT id, account_id, amount FROM entries ORDER BY id',
      '`',
      '',
      'func (l *Ledger) ListEntries(ctx context.Context) ([]Entry, error) {',
      '\trows, err := l.db.Query(ctx, listEntries)',
      '\treturn scan(rows), err',
      '}',
      '',
    ].join('\n'),
    // protoc's stub of a method of the same name: a generated file calls none of sqlc's
    'pb/transfer_grpc.pb.go': [
      '// Code generated by protoc-gen-go-grpc. DO NOT EDIT.',
      '',
      'package pb',
      '',
      'func (c *bankClient) GetTransfer(ctx context.Context, in *GetTransferRequest) (*GetTransferResponse, error) {',
      '\treturn c.cc.GetTransfer(ctx, in)',
      '}',
      '',
    ].join('\n'),
    // a protobuf getter takes no context: not sqlc's GetTransfer
    'api/render.go': 'package api\n\nfunc render(res *pb.GetTransferResponse) *pb.Transfer {\n\treturn res.GetTransfer()\n}\n',
    'api/transfer_test.go': [
      'package api',
      '',
      'func TestCreateTransfer(t *testing.T) {',
      '\tstore.EXPECT().GetTransfer(gomock.Any(), gomock.Eq(int64(1))).Times(1)',
      '}',
      '',
    ].join('\n'),
  };

  it("links a caller to the tables of the generated methods' queries, at the first call, with their accesses", async () => {
    const s = await scan(FILES);
    const orm = (path: string) =>
      (s.objects.find((o) => o.path === path)!.attributes.ormTables as Array<{ table: string; line: number; via: string; access?: string[] }> | undefined)?.map(
        (t) => [t.table, t.line, t.via, t.access],
      );
    expect(orm('db/sqlc/tx_transfer.go')).toEqual([
      ['transfers', 10, 'sqlc', ['write']],
      ['accounts', 18, 'sqlc', ['write']],
    ]);
    // GetTransfer read twice: one link, at the first call (the comment's call is no call); TransferTx is hand-written, not followed
    expect(orm('api/transfer.go')).toEqual([['transfers', 5, 'sqlc', ['read']]]);
    // the generated file links its SQL as before, and is no caller of its own methods
    expect(orm('db/sqlc/transfer.sql.go')).toBeUndefined();
    const sql = s.objects.find((o) => o.path === 'db/sqlc/transfer.sql.go')!.attributes.sqlTables as Array<{ table: string; line: number; access?: string[] }>;
    expect(sql.map((t) => [t.table, t.line, t.access])).toEqual([
      ['transfers', 12, ['write']],
      ['transfers', 35, ['read']],
      ['accounts', 47, ['write']],
    ]);
    // ListEntries is hand-written: its callers link nothing through it; a gomock expectation runs no query
    expect(orm('ledger/ledger.go')).toBeUndefined();
    expect(orm('api/transfer_test.go')).toBeUndefined();
    // a generated file (protoc's) and a call without a context are no calls of sqlc's methods
    expect(orm('pb/transfer_grpc.pb.go')).toBeUndefined();
    expect(orm('api/render.go')).toBeUndefined();
  });

  it('marks the files whose comment says a tool wrote them generated, and their symbols; hand-written files carry no mark', async () => {
    const s = await scan(FILES);
    const marked = s.objects.filter((o) => o.attributes.generated === true);
    expect([...new Set(marked.map((o) => o.path.split('#')[0]))].sort()).toEqual(['db/sqlc/transfer.sql.go', 'pb/transfer_grpc.pb.go']);
    expect(marked.filter((o) => o.kind === 'code_symbol').map((o) => o.name)).toEqual(
      expect.arrayContaining(['CreateTransferParams', 'Queries.CreateTransfer', 'bankClient.GetTransfer']),
    );
    expect(s.objects.find((o) => o.path === 'db/sqlc/tx_transfer.go')!.attributes).not.toHaveProperty('generated');
  });
});

describe('Go: an import links the files of the package that declare the names the importer uses', () => {
  const BANK = {
    'go.mod': 'module example.com/bank\n\ngo 1.22\n',
    // the folder's package is `db`, not `sqlc`; gen.go is a generator's file of another package
    'db/sqlc/db.go': 'package db\n\ntype Queries struct{}\n\nfunc New() *Queries { return &Queries{} }\n',
    'db/sqlc/account.sql.go':
      'package db\n\ntype CreateAccountParams struct{ Owner string }\n\nfunc (q *Queries) CreateAccount(p CreateAccountParams) error { return nil }\n',
    'db/sqlc/transfer.sql.go': 'package db\n\ntype Transfer struct{}\n\nfunc (q *Queries) GetTransfer() Transfer { return Transfer{} }\n',
    'db/sqlc/models.go': 'package db\n\ntype Account struct{ ID int64 }\n',
    'db/sqlc/gen.go': '//go:build ignore\n\npackage main\n\nfunc New() {}\n\nfunc main() {}\n',
    'util/list/list.go': 'package list\n\ntype List[T any] struct{ items []T }\n',
    'util/list/ops.go': 'package list\n\nfunc Map[T, U any](l List[T], f func(T) U) List[U] { return List[U]{} }\n',
    'util/list/unused.go': 'package list\n\nconst Unused = 1\n',
    'util/register/register.go': 'package register\n\nvar Names []string\n',
    'util/register/init.go': 'package register\n\nfunc init() { Names = append(Names, "x") }\n',
    'util/testkit/testkit.go': 'package testkit\n\nfunc Equal(a, b any) bool { return a == b }\n',
    'util/testkit/helpers.go': 'package testkit\n\nfunc Must(err error) {}\n',
    'util/testkit/internal.go': 'package testkit\n\nfunc helper() {}\n',
    'util/text/upper.go': 'package strs\n\nfunc Upper(s string) string { return s }\n',
    'util/text/lower.go': 'package strs\n\nfunc Lower(s string) string { return s }\n',
    // the default name is the package clause (`db`); a type used only in a signature counts
    'api/account.go': [
      'package api',
      '',
      'import "example.com/bank/db/sqlc"',
      '',
      'func create(q any) any { return db.CreateAccountParams{Owner: "ann"} }',
      '',
      'func render(a *db.Account) string { return "" }',
      '',
    ].join('\n'),
    // an explicit name; a method called on the value is reached through the type's file (db.go)
    'api/server.go': [
      'package api',
      '',
      'import store "example.com/bank/db/sqlc"',
      '',
      'func serve() error {',
      '\tq := store.New()',
      '\treturn q.CreateAccount(store.CreateAccountParams{})',
      '}',
      '',
    ].join('\n'),
    // generic instantiations, one inside a closure
    'api/list.go': [
      'package api',
      '',
      'import "example.com/bank/util/list"',
      '',
      'var ids list.List[int]',
      '',
      'func names() { f := func() { _ = list.Map[int, string](ids, nil) }; f() }',
      '',
    ].join('\n'),
    // `_` runs init(); `.` brings Must in unqualified, not the unexported helper (main's helper is its own)
    'main.go': [
      'package main',
      '',
      'import (',
      '\t_ "example.com/bank/util/register"',
      '\t. "example.com/bank/util/testkit"',
      ')',
      '',
      'func main() { helper := 1; _ = helper; Must(nil) }',
      '',
    ].join('\n'),
    // names only what the scan did not find declared: one edge, to the file named like the package, else every file
    'cmd/check/check.go': [
      'package main',
      '',
      'import (',
      '\t"example.com/bank/util/testkit"',
      '\t"example.com/bank/util/text"',
      ')',
      '',
      'func main() { testkit.Missing(); strs.Title("") }',
      '',
    ].join('\n'),
    // syntax the parser cannot read: every file of the package
    'cmd/broken/broken.go': 'package main\n\nimport "example.com/bank/util/list"\n\nfunc main() { list.Map( }\n',
  };

  it('links by the names selected through the import, and nothing else', async () => {
    const s = await scan(BANK);
    expect(edgeList(s)).toEqual([
      'api/account.go → db/sqlc/account.sql.go',
      'api/account.go → db/sqlc/models.go',
      'api/list.go → util/list/list.go',
      'api/list.go → util/list/ops.go',
      'api/server.go → db/sqlc/account.sql.go',
      'api/server.go → db/sqlc/db.go',
      'cmd/broken/broken.go → util/list/list.go',
      'cmd/broken/broken.go → util/list/ops.go',
      'cmd/broken/broken.go → util/list/unused.go',
      'cmd/check/check.go → util/testkit/testkit.go',
      'cmd/check/check.go → util/text/lower.go',
      'cmd/check/check.go → util/text/upper.go',
      // same-package: the generated files name Queries
      'db/sqlc/account.sql.go → db/sqlc/db.go',
      'db/sqlc/transfer.sql.go → db/sqlc/db.go',
      'main.go → util/register/init.go',
      'main.go → util/testkit/helpers.go',
      'util/list/ops.go → util/list/list.go',
      'util/register/init.go → util/register/register.go',
    ]);
    // a file no importer names is no one's import: transfer.sql.go, gen.go, list/unused.go (but for the broken file)
    const importers = (path: string) => s.edges.filter((e) => e.toId === `svc:code_file:${path}`).map((e) => e.fromId.split(':')[2]);
    expect(importers('db/sqlc/transfer.sql.go')).toEqual([]);
    expect(importers('db/sqlc/gen.go')).toEqual([]);
    expect(importers('util/testkit/internal.go')).toEqual([]);
    expect(importers('util/register/register.go')).toEqual(['util/register/init.go']);
  });

  it("a local name hiding the import's name selects nothing from the package", async () => {
    const s = await scan({
      'go.mod': 'module example.com/bank\n\ngo 1.22\n',
      'store/open.go': 'package store\n\ntype Store struct{}\n\nfunc Open() *Store { return &Store{} }\n',
      // a package-level function of the same name as the variable's method
      'store/users.go': 'package store\n\nfunc CreateUser(name string) error { return nil }\n',
      'api/server.go': [
        'package api',
        '',
        'import "example.com/bank/store"',
        '',
        'func serve() {',
        '\tstore := store.Open()',
        '\tstore.CreateUser("ann")',
        '}',
        '',
      ].join('\n'),
    });
    expect(edgeList(s)).toEqual(['api/server.go → store/open.go']);
  });
});
