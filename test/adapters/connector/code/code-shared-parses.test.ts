/**
 * One parse of each file per scan: the ORM readers of a language (Eloquent's and Doctrine's, each
 * in its `declared`, `project` and `uses`) share what the scan read of a file's text, and a scan
 * keeps nothing for the next. Seen from inside a real scan (its progress callback runs while the
 * files are read) and after it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCodeConnector } from '../../../../src/adapters/connector/code/index.js';
import { phpClasses, phpCode, type PhpClass } from '../../../../src/adapters/connector/code/orm/php-classes.js';
import { eloquentClasses } from '../../../../src/adapters/connector/code/orm/eloquent-models.js';
import { doctrineClasses } from '../../../../src/adapters/connector/code/orm/doctrine-entities.js';
import type { SourceSnapshot } from '../../../../src/ports/catalog.js';
import type { SourceRecord } from '../../../../src/ports/connector.js';

const FILES: Record<string, string> = {
  'app/Models/Flight.php':
    "<?php\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\nclass Flight extends Model\n{\n    protected $table = 'my_flights';\n\n    public function passengers()\n    {\n        return $this->hasMany(Passenger::class);\n    }\n}\n",
  'app/Models/Passenger.php':
    '<?php\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\nclass Passenger extends Model\n{\n    public function flight()\n    {\n        return $this->belongsTo(Flight::class);\n    }\n}\n',
  'app/Http/FlightController.php':
    "<?php\nnamespace App\\Http;\n\nuse App\\Models\\Flight;\n\nclass FlightController\n{\n    public function index()\n    {\n        return Flight::where('active', 1)->get();\n    }\n}\n",
  'src/Entity/Post.php':
    "<?php\nnamespace App\\Entity;\n\nuse Doctrine\\ORM\\Mapping as ORM;\n\n#[ORM\\Entity]\n#[ORM\\Table(name: 'blog_post')]\nclass Post\n{\n    #[ORM\\Id]\n    #[ORM\\Column]\n    private ?int $id = null;\n}\n",
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** What the readers' parses of each file are while the scan reads its files, by path. */
type Seen = Map<string, { classes: readonly PhpClass[]; eloquent: Array<readonly PhpClass[]>; doctrine: Array<readonly PhpClass[]> }>;

async function scan(root: string, seen: Seen): Promise<SourceSnapshot> {
  const source: SourceRecord = { name: 'svc', type: 'code', url: root, options: {}, createdAt: new Date().toISOString() };
  const connector = createCodeConnector();
  connector.validate(source);
  return connector.introspect(source, {
    stored: async () => [],
    onProgress(step) {
      if (step !== 'reading files') return;
      for (const [path, text] of Object.entries(FILES))
        seen.set(path, {
          classes: phpClasses(phpCode(text)),
          eloquent: [eloquentClasses({ path, text }), eloquentClasses({ path, text })],
          doctrine: [doctrineClasses({ path, text }), doctrineClasses({ path, text })],
        });
    },
  });
}

describe('the parses a scan shares', () => {
  const root = mkdtempSync(join(tmpdir(), 'sextant-shared-parses-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }

  it("within a scan each file's PHP classes are parsed once, for every reader that asks; the next scan parses them again", async () => {
    const first: Seen = new Map();
    const snapshot = await scan(root, first);
    // the readers did read the files
    const tables = (path: string) => (snapshot.objects.find((o) => o.path === path)?.attributes.ormTables as Array<{ table: string }>).map((t) => t.table);
    expect(tables('app/Models/Flight.php')).toContain('my_flights');
    expect(tables('src/Entity/Post.php')).toContain('blog_post');
    expect(tables('app/Http/FlightController.php')).toContain('my_flights');

    const flight = first.get('app/Models/Flight.php')!;
    const post = first.get('src/Entity/Post.php')!;
    // each reader's classes of a file are read once in the scan, both from the one parse of its PHP classes
    expect(flight.eloquent[1]).toBe(flight.eloquent[0]);
    expect(post.doctrine[1]).toBe(post.doctrine[0]);
    expect(post.doctrine[0]).toHaveLength(1);
    flight.eloquent[0]!.forEach((c, i) => expect(c.body).toBe(flight.classes[i]!.body));
    post.doctrine[0]!.forEach((c, i) => expect(c.body).toBe(post.classes[i]!.body));

    // once the scan is over nothing is kept: each call parses afresh, to the same answer
    const text = FILES['app/Models/Flight.php']!;
    const after = phpClasses(phpCode(text));
    expect(after).not.toBe(flight.classes);
    expect(after).toEqual(flight.classes);
    expect(phpClasses(phpCode(text))).not.toBe(after);

    // and the next scan reads each file again
    const second: Seen = new Map();
    await scan(root, second);
    const again = second.get('app/Models/Flight.php')!;
    expect(again.classes).not.toBe(flight.classes);
    expect(again.classes).toEqual(flight.classes);
    expect(again.eloquent[0]).not.toBe(flight.eloquent[0]);
    expect(again.eloquent[1]).toBe(again.eloquent[0]);
    again.eloquent[0]!.forEach((c, i) => expect(c.body).toBe(again.classes[i]!.body));
  });
});
