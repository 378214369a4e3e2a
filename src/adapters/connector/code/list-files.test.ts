import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listCodeFiles } from './list-files.js';

const root = mkdtempSync(join(tmpdir(), 'sextant-xml-listing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('listing XML files', () => {
  it('lists an XML file only when it declares a mapping (MyBatis, Hibernate, JPA), whatever its name; a long licence header first is read past', async () => {
    write('pom.xml', '<?xml version="1.0"?>\n<project><artifactId>shop</artifactId></project>\n');
    write('app/src/main/res/layout/main.xml', '<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"/>\n');
    write('app/src/main/resources/applicationContext.xml', '<beans><bean class="org.mybatis.spring.mapper.MapperScannerConfigurer"/></beans>\n');
    write(
      'app/src/main/resources/mapper/OrderMapper.xml',
      `<?xml version="1.0"?>\n<!--\n${'  Licensed under the Apache License, Version 2.0.\n'.repeat(80)}-->\n<mapper namespace="org.shop.OrderMapper"><select id="a">SELECT 1</select></mapper>\n`,
    );
    write('app/src/main/resources/Order.hbm.xml', '<hibernate-mapping><class name="org.shop.Order" table="orders"/></hibernate-mapping>\n');
    write('app/src/main/resources/META-INF/orm.xml', '<entity-mappings><entity class="org.shop.Order"/></entity-mappings>\n');
    // a large XML that is no mapping is left out without being refused
    write('data/dump.xml', `<rows>${'<row a="1"/>'.repeat(1000)}</rows>\n`);
    const listing = await listCodeFiles(root, { maxFileBytes: 8000 });
    expect(listing.files.map((f) => `${f.path} ${f.language}`)).toEqual([
      'app/src/main/resources/META-INF/orm.xml xml',
      'app/src/main/resources/Order.hbm.xml xml',
      'app/src/main/resources/mapper/OrderMapper.xml xml',
    ]);
    expect(listing.refused).toEqual([]);
  });
});

describe("listing Doctrine's YAML", () => {
  it("lists a YAML mapping as code and reads Symfony's Doctrine config as a config; no other YAML", async () => {
    const yamlRoot = mkdtempSync(join(tmpdir(), 'sextant-yaml-listing-'));
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(yamlRoot, path)), { recursive: true });
      writeFileSync(join(yamlRoot, path), text);
    };
    try {
      put('config/doctrine/User.orm.yml', 'App\\Entity\\User:\n  type: entity\n  table: users\n');
      put('lib/mapping/Order.dcm.yaml', 'Shop\\Order:\n  type: entity\n');
      put('config/packages/doctrine.yaml', 'doctrine:\n  orm:\n    naming_strategy: doctrine.orm.naming_strategy.underscore_number_aware\n');
      put('config/packages/prod/doctrine.yaml', 'doctrine:\n  orm:\n    auto_generate_proxy_classes: false\n');
      put('app/config/config.yml', 'doctrine:\n  orm: ~\n');
      put('config/packages/twig.yaml', 'twig:\n  strict_variables: true\n');
      put('.github/workflows/ci.yml', 'on: push\n');
      const listing = await listCodeFiles(yamlRoot, { maxFileBytes: 8000 });
      expect(listing.files.map((f) => `${f.path} ${f.language}`)).toEqual(['config/doctrine/User.orm.yml yaml', 'lib/mapping/Order.dcm.yaml yaml']);
      expect(listing.configs.map((c) => c.path).sort()).toEqual([
        'app/config/config.yml',
        'config/packages/doctrine.yaml',
        'config/packages/prod/doctrine.yaml',
      ]);
    } finally {
      rmSync(yamlRoot, { recursive: true, force: true });
    }
  });
});
