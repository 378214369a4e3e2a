import { describe, expect, it } from 'vitest';
import { jvmEntities, moduleRoot } from './jvm-entities.js';
import type { OrmTableRef, ProjectFile } from './orm-reader.js';
import { mappedEntities } from './xml-mappings.js';
import { ormTableRefs } from './orm-refs.js';

const java = (path: string, text: string): ProjectFile => ({ path, text, language: 'java' });
const xml = (path: string, text: string): ProjectFile => ({ path, text, language: 'xml' });
const entity = (pkg: string, table: string) => `package ${pkg};\n\n@Entity\n@Table(name = "${table}")\npublic class Order {}\n`;

/** The table `name` stands for in `user`, the project being `files`. */
function tableOf(files: readonly ProjectFile[], user: ProjectFile, name = 'Order'): string | null | undefined {
  const declared = new Map(files.map((f) => [f.path, ormTableRefs(f.text, f.language, f.path)]));
  const found = jvmEntities(files, declared, mappedEntities)(user)?.(name);
  return found && (found as OrmTableRef).table;
}

describe('JVM entity classes of one simple name', () => {
  it("reads a module's folder as the path before its source folder", () => {
    expect(moduleRoot('shop/src/main/java/org/shop/Order.java')).toBe('shop');
    expect(moduleRoot('Demo/bin/Order.hbm.xml')).toBe('Demo');
    expect(moduleRoot('lib/Order.java')).toBe('');
  });

  it("lets an orm.xml or hbm.xml table of a class win over the class's @Table", () => {
    const files = [
      java('src/main/java/org/shop/Order.java', entity('org.shop', 'orders_annotated')),
      xml('src/main/resources/META-INF/orm.xml', '<entity-mappings><entity class="org.shop.Order"><table name="orders"/></entity></entity-mappings>'),
    ];
    const user = java('src/main/java/org/shop/Shop.java', 'package org.shop;\nclass Shop {}');
    expect(tableOf(files, user)).toBe('orders');
    const hbm = xml(
      'src/main/resources/Order.hbm.xml',
      '<hibernate-mapping package="org.shop"><class name="Order" table="purchase_orders"/></hibernate-mapping>',
    );
    expect(tableOf([files[0]!, hbm], user)).toBe('purchase_orders');
  });

  it('keeps two classes of different packages ambiguous unless the import or the package tells them apart', () => {
    const files = [java('src/org/shop/Order.java', entity('org.shop', 'orders')), java('src/org/audit/Order.java', entity('org.audit', 'audit_orders'))];
    expect(tableOf(files, java('src/org/web/Page.java', 'package org.web;\nclass Page {}'))).toBeNull();
    expect(tableOf(files, java('src/org/web/Page.java', 'package org.web;\nimport org.audit.Order;\nclass Page {}'))).toBe('audit_orders');
    expect(tableOf(files, java('src/org/web/Page.java', 'package org.web;\nimport org.shop.*;\nclass Page {}'))).toBe('orders');
    expect(tableOf(files, java('src/org/shop/Shop.java', 'package org.shop;\nclass Shop {}'))).toBe('orders');
    expect(tableOf(files, { path: 'src/org/web/P.kt', text: 'package org.web\nimport org.audit.Order\n', language: 'kotlin' })).toBe('audit_orders');
  });

  it('takes a class its module declares over the same class of another module', () => {
    const files = [
      java('first/src/org/shop/Order.java', entity('org.shop', 'orders_one')),
      java('second/src/org/shop/Order.java', entity('org.shop', 'orders_two')),
    ];
    expect(tableOf(files, java('second/src/org/shop/Shop.java', 'package org.shop;\nclass Shop {}'))).toBe('orders_two');
    expect(tableOf(files, java('third/src/org/shop/Shop.java', 'package org.shop;\nclass Shop {}'))).toBeNull();
  });
});
