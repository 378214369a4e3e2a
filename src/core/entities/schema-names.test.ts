import { describe, expect, it } from 'vitest';
import { cleanIdentifier, definitionEntities, pathSegments, schemaNameEntities } from './schema-names.js';

describe('cleanIdentifier', () => {
  it.each([
    ['APIKey', 'API key', 'API Key'],
    ['customer_orders', 'customer order', 'Customer Order'],
    ['getUserById', 'get user by id', 'Get User by Id'],
    ['CustomerOrder', 'customer order', 'Customer Order'],
    ['CUSTOMER_ORDERS', 'customer order', 'Customer Order'],
    ['api_keys', 'API key', 'API Key'],
    ['listAPIs', 'list API', 'List API'],
    ['skus', 'SKU', 'SKU'],
    ['getUserByID', 'get user by ID', 'Get User by ID'],
    // head noun singular, modifiers as written
    ['sales_report', 'sales report', 'Sales Report'],
    ['orders_by_customer', 'order by customer', 'Order by Customer'],
    ['address_line2', 'address line 2', 'Address Line 2'],
    ['statuses', 'status', 'Status'],
    ['addresses', 'address', 'Address'],
    ['data', 'data', 'Data'],
    // prefixes dropped, abbreviations expanded, `id` kept
    ['tbl_cust_addr', 'customer address', 'Customer Address'],
    ['t_ord_hdr', 'order header', 'Order Header'],
    ['order_no', 'order number', 'Order Number'],
    ['cust_id', 'customer id', 'Customer Id'],
    // dotted and quoted names use the last segment
    ['public.order_lines', 'order line', 'Order Line'],
    ['Bestellungen_für_Kunden', 'bestellungen für kunden', 'Bestellungen Für Kunden'],
  ])('%s → %j', (identifier, name, displayName) => {
    const clean = cleanIdentifier(identifier);
    expect(clean?.name).toBe(name);
    expect(clean?.displayName).toBe(displayName);
  });

  it.each(['', '__', '123', '..'])('%j has no name', (identifier) => {
    expect(cleanIdentifier(identifier)).toBeNull();
  });

  it('can leave abbreviations as written', () => {
    expect(cleanIdentifier('cust_addr', { expandAbbreviations: false })?.name).toBe('cust addr');
  });
});

describe('pathSegments', () => {
  it.each([
    ['/api/v1/users/{id}', ['users']],
    ['GET /api/v2.1/users/{userId}/orders?limit=10', ['users', 'orders']],
    ['/customers/:id/invoices#top', ['customers', 'invoices']],
    ['/', []],
  ])('%s', (path, segments) => {
    expect(pathSegments(path)).toEqual(segments);
  });
});

const summary = (kind: string, name: string) => schemaNameEntities(kind, name).map((e) => `${e.semanticType}:${e.name}:${e.confidence}`);

describe('schemaNameEntities', () => {
  it.each([
    ['table', 'customer_orders', ['TERM:customer order:0.9', 'CONCEPT:customer:0.675', 'CONCEPT:order:0.675']],
    ['table', 'customers', ['CONCEPT:customer:0.9']],
    ['table', 'APIKeys', ['TERM:API key:0.9', 'TERM:API:0.675']],
    ['column', 'email', ['CONCEPT:email:0.9']],
    ['column', 'status', ['ATTRIBUTE:status:0.9']],
    ['column', 'is_active', ['ATTRIBUTE:active:0.9']],
    ['column', 'created_at', ['ATTRIBUTE:created:0.9']],
    ['column', 'customer_id', ['TERM:customer id:0.9', 'CONCEPT:customer:0.675']],
    ['column', 'sku', ['TERM:SKU:0.9']],
    ['column', 'id', []],
    ['function', 'getUserById', ['TERM:get user by id:0.9', 'ACTION:get:0.81', 'CONCEPT:user:0.675']],
    ['procedure', 'calculate_order_total', ['TERM:calculate order total:0.9', 'ACTION:calculate:0.81', 'CONCEPT:order:0.675', 'ATTRIBUTE:total:0.585']],
    // a verb-looking first word is an ACTION only for callables
    ['table', 'get_requests', ['TERM:get request:0.9', 'CONCEPT:get:0.675', 'CONCEPT:request:0.675']],
    ['endpoint', '/api/v1/users/{id}', ['CONCEPT:user:0.85']],
    ['endpoint', 'GET /api/v1/users/{id}/orders', ['CONCEPT:user:0.7', 'CONCEPT:order:0.85']],
  ])('%s %s', (kind, name, expected) => {
    expect(summary(kind, name)).toEqual(expected);
  });
});

describe('definitionEntities', () => {
  it('reads referenced relations and compound identifiers, not SQL', () => {
    const sql = `SELECT o.order_id, c.customerName, date_trunc('day', o.created_at), CURRENT_TIMESTAMP
      FROM sales.orders o JOIN "Customers" c ON c.id = o.customer_id LEFT JOIN LATERAL (SELECT 1) x ON true`;
    const names = definitionEntities(sql).map((e) => `${e.semanticType}:${e.name}`);
    expect(names.slice(0, 2)).toEqual(['CONCEPT:order', 'CONCEPT:customer']);
    for (const expected of ['TERM:order id', 'TERM:customer name', 'ATTRIBUTE:created', 'TERM:customer id']) expect(names).toContain(expected);
    for (const absent of ['TERM:date trunc', 'TERM:current timestamp', 'CONCEPT:lateral', 'CONCEPT:select']) expect(names).not.toContain(absent);
  });

  it('reads function signatures and caps the number of names', () => {
    expect(definitionEntities('calculate_total(order_id integer, discount_pct numeric) RETURNS numeric').map((e) => e.name)).toContain('discount percent');
    const many = Array.from({ length: 100 }, (_, i) => `col_${String.fromCharCode(97 + (i % 26))}${i}`).join(', ');
    expect(definitionEntities(many, 5).filter((e) => e.semanticType === 'TERM').length).toBe(5);
  });
});
