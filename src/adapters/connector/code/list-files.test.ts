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
