/**
 * @module adapters/connector/code/queries/sql-columns
 * The columns a parsed SQL statement names, by the table each belongs to, read from libpg-query's
 * parse tree (never from text the parser refused). A qualified reference (`i.total`,
 * `invoice.total`, `billing.invoice.total`) goes to the table its alias or name denotes in the
 * enclosing scopes, innermost first; an unqualified one goes to the one table in scope, or, with
 * several tables in scope (a join, a correlated subquery), is kept as ambiguous with the candidate
 * tables, for the catalog to decide. Where a CTE, a subquery or a function in FROM is in scope,
 * an unqualified reference may be one of its output columns and is dropped; so is a qualified
 * one that points at one. `*` names no column. Read: SELECT lists, WHERE, JOIN ON / USING,
 * GROUP BY, HAVING, ORDER BY (not the SELECT list's own aliases), window clauses, RETURNING,
 * INSERT column lists and ON CONFLICT targets, UPDATE SET targets, DELETE … USING, and the
 * queries of CTEs, subqueries, set operations and CREATE VIEW / CREATE TABLE AS / EXPLAIN. INSERT's
 * column list and SET targets are written; every other reference is read.
 */

/** Whether a statement reads a column or assigns it (INSERT's column list, a SET target). */
export type ColumnAccess = 'read' | 'write';

/** Table keys as the table references are written: `schema.table` or `table`. */
export interface StatementColumns {
  /** Columns by the table they belong to, each with what the statement does to it. */
  byTable: Map<string, Map<string, Set<ColumnAccess>>>;
  /** Unqualified columns with several tables in scope: each group's columns, and the tables one of which has each. */
  ambiguous: Array<{ columns: Set<string>; tables: string[] }>;
}

/** A relation in scope: a table (`table` set) or a derived one (CTE, subquery, function), with the names that qualify it. */
interface Rel {
  table?: string;
  names: string[];
}
type Scope = Rel[];

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const child = (v: unknown, key: string): Node | undefined => (isNode(v) && isNode(v[key]) ? v[key] : undefined);

/** The columns of every statement of a libpg-query parse result. */
export function statementColumns(tree: unknown): StatementColumns {
  const out: StatementColumns = { byTable: new Map(), ambiguous: [] };
  const walker = new Walker(out);
  for (const s of list(isNode(tree) ? tree.stmts : undefined)) walker.statement(child(s, 'stmt'), [], new Set());
  return out;
}

class Walker {
  constructor(private readonly out: StatementColumns) {}

  private add(table: string, column: string, access: ColumnAccess = 'read'): void {
    const columns = this.out.byTable.get(table) ?? new Map<string, Set<ColumnAccess>>();
    columns.set(column, (columns.get(column) ?? new Set()).add(access));
    this.out.byTable.set(table, columns);
  }

  private ambiguous(tables: string[], column: string): void {
    const key = tables.join('\n');
    const group = this.out.ambiguous.find((g) => g.tables.join('\n') === key);
    if (group) group.columns.add(column);
    else this.out.ambiguous.push({ columns: new Set([column]), tables });
  }

  /** A statement node (`{SelectStmt: …}`, `{InsertStmt: …}`, …) in the given outer scopes. */
  statement(node: Node | undefined, outer: Scope[], ctes: ReadonlySet<string>): void {
    if (!node) return;
    if (node.SelectStmt) return this.select(node.SelectStmt as Node, outer, ctes);
    if (node.InsertStmt) return this.insert(node.InsertStmt as Node, outer, ctes);
    if (node.UpdateStmt) return this.update(node.UpdateStmt as Node, outer, ctes);
    if (node.DeleteStmt) return this.delete(node.DeleteStmt as Node, outer, ctes);
    const nested = child(node.ViewStmt, 'query') ?? child(node.CreateTableAsStmt, 'query') ?? child(node.ExplainStmt, 'query');
    if (nested) this.statement(nested, outer, ctes);
  }

  /** The CTE names a WITH clause adds (a recursive CTE sees itself), its queries read on the way. */
  private with(stmt: Node, outer: Scope[], ctes: ReadonlySet<string>): ReadonlySet<string> {
    const clause = child(stmt, 'withClause');
    if (!clause) return ctes;
    const names = new Set(ctes);
    const defs = list(clause.ctes).map((c) => child(c, 'CommonTableExpr'));
    for (const def of defs) if (str(def?.ctename)) names.add(def!.ctename as string);
    for (const def of defs) this.statement(child(def, 'ctequery'), outer, names);
    return names;
  }

  private rangeVar(rv: Node, ctes: ReadonlySet<string>): Rel {
    const relname = str(rv.relname) ?? '';
    const schema = str(rv.schemaname);
    const alias = str(child(rv, 'alias')?.aliasname);
    if (!schema && ctes.has(relname)) return { names: [alias ?? relname] };
    const table = schema ? `${schema}.${relname}` : relname;
    return { table, names: alias ? [alias] : [...new Set([relname, table])] };
  }

  /** A FROM item's relations into `level`; its join conditions to read once the level is whole. */
  private from(item: unknown, level: Scope, outer: Scope[], ctes: ReadonlySet<string>, later: Array<() => void>): void {
    if (!isNode(item)) return;
    if (isNode(item.RangeVar)) {
      level.push(this.rangeVar(item.RangeVar, ctes));
    } else if (isNode(item.JoinExpr)) {
      const join = item.JoinExpr;
      const before = level.length;
      this.from(join.larg, level, outer, ctes, later);
      const middle = level.length;
      this.from(join.rarg, level, outer, ctes, later);
      const [left, right] = [level.slice(before, middle), level.slice(middle)];
      // USING (col): a column of both sides, known only where each side is one table
      const using = list(join.usingClause).map((u) => str(child(u, 'String')?.sval));
      if (left.length === 1 && right.length === 1 && left[0]!.table && right[0]!.table)
        for (const col of using) if (col) [left[0]!.table, right[0]!.table].forEach((t) => this.add(t, col));
      later.push(() => this.expr(join.quals, [...outer, level], ctes));
    } else if (isNode(item.RangeSubselect)) {
      const sub = item.RangeSubselect;
      this.statement(child(sub, 'subquery'), sub.lateral ? [...outer, level] : outer, ctes);
      level.push({ names: [str(child(sub, 'alias')?.aliasname) ?? ''] });
    } else {
      const fn = item.RangeFunction ?? item.RangeTableFunc ?? item.RangeTableSample;
      if (isNode(item.RangeTableSample) && isNode(child(item.RangeTableSample, 'relation')?.RangeVar))
        level.push(this.rangeVar(child(item.RangeTableSample, 'relation')!.RangeVar as Node, ctes));
      else level.push({ names: [str(child(fn, 'alias')?.aliasname) ?? ''] });
      later.push(() => this.expr(fn, [...outer, level], ctes));
    }
  }

  private select(stmt: Node, outer: Scope[], ctes: ReadonlySet<string>): void {
    const inner = this.with(stmt, outer, ctes);
    if (stmt.larg || stmt.rarg) {
      this.select(child(stmt, 'larg') ?? {}, outer, inner);
      this.select(child(stmt, 'rarg') ?? {}, outer, inner);
      return;
    }
    this.expr(stmt.valuesLists, outer, inner);
    const level: Scope = [];
    const later: Array<() => void> = [];
    for (const item of list(stmt.fromClause)) this.from(item, level, outer, inner, later);
    const scopes = [...outer, level];
    this.expr(stmt.targetList, scopes, inner);
    later.forEach((f) => f());
    for (const key of ['whereClause', 'havingClause', 'windowClause', 'distinctClause', 'limitCount', 'limitOffset']) this.expr(stmt[key], scopes, inner);
    // GROUP BY / ORDER BY may name the SELECT list's own output columns (`count(*) AS n … ORDER BY n`)
    const outputs = new Set(list(stmt.targetList).map((t) => str(child(t, 'ResTarget')?.name)));
    for (const key of ['groupClause', 'sortClause']) this.expr(stmt[key], scopes, inner, outputs);
  }

  private insert(stmt: Node, outer: Scope[], ctes: ReadonlySet<string>): void {
    const inner = this.with(stmt, outer, ctes);
    const rv = child(stmt, 'relation');
    if (!rv) return;
    const target = this.rangeVar(rv, new Set());
    const table = target.table!;
    for (const col of list(stmt.cols)) if (str(child(col, 'ResTarget')?.name)) this.add(table, child(col, 'ResTarget')!.name as string, 'write');
    this.statement(child(stmt, 'selectStmt'), outer, inner);
    const conflict = child(stmt, 'onConflictClause');
    for (const elem of list(child(conflict, 'infer')?.indexElems)) {
      const name = str(child(elem, 'IndexElem')?.name);
      if (name) this.add(table, name);
      else this.expr(child(elem, 'IndexElem')?.expr, [...outer, [target]], inner);
    }
    this.setTargets(conflict?.targetList, table, [...outer, [target, { table, names: ['excluded'] }]], inner);
    this.expr(conflict?.whereClause, [...outer, [target, { table, names: ['excluded'] }]], inner);
    this.expr(stmt.returningList, [...outer, [target]], inner);
  }

  private update(stmt: Node, outer: Scope[], ctes: ReadonlySet<string>): void {
    const inner = this.with(stmt, outer, ctes);
    const rv = child(stmt, 'relation');
    if (!rv) return;
    const target = this.rangeVar(rv, new Set());
    const level: Scope = [target];
    const later: Array<() => void> = [];
    for (const item of list(stmt.fromClause)) this.from(item, level, outer, inner, later);
    const scopes = [...outer, level];
    later.forEach((f) => f());
    this.setTargets(stmt.targetList, target.table!, scopes, inner);
    this.expr(stmt.whereClause, scopes, inner);
    this.expr(stmt.returningList, scopes, inner);
  }

  private delete(stmt: Node, outer: Scope[], ctes: ReadonlySet<string>): void {
    const inner = this.with(stmt, outer, ctes);
    const rv = child(stmt, 'relation');
    if (!rv) return;
    const level: Scope = [this.rangeVar(rv, new Set())];
    const later: Array<() => void> = [];
    for (const item of list(stmt.usingClause)) this.from(item, level, outer, inner, later);
    const scopes = [...outer, level];
    later.forEach((f) => f());
    this.expr(stmt.whereClause, scopes, inner);
    this.expr(stmt.returningList, scopes, inner);
  }

  /** `SET col = value`: the target is the table's column, the value an expression. */
  private setTargets(targets: unknown, table: string, scopes: Scope[], ctes: ReadonlySet<string>): void {
    for (const t of list(targets)) {
      const target = child(t, 'ResTarget');
      if (str(target?.name)) this.add(table, target!.name as string, 'write');
      this.expr(target?.val, scopes, ctes);
    }
  }

  /** Every column reference of an expression tree; subqueries are statements of their own, seeing these scopes. */
  private expr(node: unknown, scopes: Scope[], ctes: ReadonlySet<string>, outputs?: ReadonlySet<string | undefined>): void {
    if (Array.isArray(node)) return node.forEach((n) => this.expr(n, scopes, ctes, outputs));
    if (!isNode(node)) return;
    if (isNode(node.ColumnRef)) return this.columnRef(node.ColumnRef, scopes, outputs);
    if (node.SelectStmt || node.InsertStmt || node.UpdateStmt || node.DeleteStmt) return this.statement(node, scopes, ctes);
    for (const value of Object.values(node)) if (value && typeof value === 'object') this.expr(value, scopes, ctes, outputs);
  }

  private columnRef(ref: Node, scopes: Scope[], outputs?: ReadonlySet<string | undefined>): void {
    const fields = list(ref.fields);
    const names = fields.map((f) => str(child(f, 'String')?.sval));
    const column = names.at(-1);
    if (!column || names.some((n) => n === undefined)) return; // `*`, `t.*`
    if (names.length === 1) {
      if (outputs?.has(column)) return;
      const visible = scopes.flat();
      if (visible.some((r) => !r.table)) return;
      const tables = [...new Set(visible.map((r) => r.table!))];
      if (tables.length === 1) this.add(tables[0]!, column);
      else if (tables.length > 1) this.ambiguous(tables, column);
      return;
    }
    const qualifier = names.slice(-3, -1).join('.'); // `db.schema.table.col` → `schema.table`
    for (const level of [...scopes].reverse()) {
      const rel = level.find((r) => r.names.includes(qualifier));
      if (rel) {
        if (rel.table) this.add(rel.table, column);
        return;
      }
    }
  }
}
