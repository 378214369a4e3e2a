import { describe, expect, it } from 'vitest';
import { annotatedClasses } from './annotated-class.js';

const found = (text: string, annotation = /@Entity\b(?:\s*\(([^)]*)\))?/g) =>
  annotatedClasses(text, annotation).map((c) => [c.name, c.match[1] ?? null, c.between.trim().replace(/\s+/g, ' ')]);

describe('the class an annotation stands on', () => {
  it('is reached past other annotations however long, nested arguments, strings with parentheses, comments and modifiers', () => {
    const nested = Array.from({ length: 20 }, (_, i) => `  @Override${i}(name = "x(${i}", list = { @Inner(value = "a)") })`).join('\n');
    const text = [
      '@Entity',
      '@Table(name = "BLC_ORDER_ITEM")',
      '@AdminPresentationMergeOverrides({',
      nested,
      '})',
      '// the base of every order item',
      '/* merged at runtime */',
      'public abstract class OrderItemImpl implements OrderItem {',
      '}',
    ].join('\n');
    expect(text.length).toBeGreaterThan(600);
    const [item] = annotatedClasses(text, /@Entity\b(?:\s*\(([^)]*)\))?/g);
    expect(item?.name).toBe('OrderItemImpl');
    expect(item?.between).toContain('@Table(name = "BLC_ORDER_ITEM")');
    expect(text.slice(item!.end - 'OrderItemImpl'.length, item!.end)).toBe('OrderItemImpl');
  });

  it("takes Kotlin's and TypeScript's modifiers, and the annotation's own arguments", () => {
    expect(found('@Entity(name = "Owner")\nopen data class Owner(val id: Long)')).toEqual([['Owner', 'name = "Owner"', 'open data']]);
    expect(found("@Entity('crate')\n@Index(['a'])\nexport default class Crate {}", /@Entity\s*\(([^)]*)\)/g)).toEqual([
      ['Crate', "'crate'", "@Index(['a']) export default"],
    ]);
  });

  it('is none when other code comes before a class: the annotation was on a member or a function', () => {
    expect(found('@Entity\nprivate Long id;\nclass Later {}')).toEqual([]);
    expect(found('@Entity\nfun make() = 1\nclass Later')).toEqual([]);
  });
});
