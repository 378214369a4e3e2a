import { describe, expect, it } from 'vitest';
import { ormModelUses, ormTableRefs } from '../orm/orm-refs.js';
import { pythonCode } from './python-blocks.js';

describe('pythonCode', () => {
  it('blanks comments and docstrings, keeping every offset and line; other strings stay', () => {
    const text = [
      'def pay(order):  # Order.objects.update()',
      '    """Pays it.',
      "    Order.objects.create() is not called here.'''",
      '    """',
      '    color = "#fff"  # a hash in a string is no comment',
      '    cursor.execute(',
      '        """UPDATE shop_order SET paid = true""",',
      '    )',
      "    return r'''raw''', x",
    ].join('\n');
    const code = pythonCode(text);
    expect(code).toHaveLength(text.length);
    expect(code.split('\n').map((l) => l.trimEnd())).toEqual([
      'def pay(order):',
      '',
      '',
      '',
      '    color = "#fff"',
      '    cursor.execute(',
      '        """UPDATE shop_order SET paid = true""",',
      '    )',
      "    return r'''raw''', x",
    ]);
  });

  it('keeps a Django use in a comment or a docstring out of the uses', () => {
    const models = ormTableRefs('from django.db import models\n\nclass Order(models.Model):\n    total = models.IntegerField()\n', 'python', 'shop/models.py');
    const view = [
      '# Order.objects.filter(total=1)',
      'def f():',
      '    """Order.objects.create() is called by the checkout."""',
      '    return Order.objects.count()',
    ].join('\n');
    expect(ormModelUses(view, 'python', models).map((u) => [u.table, u.line, ...(u.access ?? [])])).toEqual([['shop_order', 4, 'read']]);
  });
});
