/**
 * @module test/adapters/connector/postgres/fixture: a realistic two-schema catalog with one of every object kind, and a comment on each.
 */
import type { SourceRecord } from '../../../../src/ports/connector.js';
import { adminQuery } from '../../../helpers/postgres.js';

/** True when file_fdw ships with this server (it does with Debian's postgresql-15). */
export async function hasFileFdw(): Promise<boolean> {
  const { rows } = await adminQuery(`SELECT 1 FROM pg_available_extensions WHERE name = 'file_fdw'`);
  return rows.length > 0;
}

export function fixtureSql(withFdw: boolean): string {
  return `
CREATE SCHEMA shop;
COMMENT ON SCHEMA shop IS 'Online shop: customers and their orders';
CREATE SCHEMA reporting;
COMMENT ON SCHEMA reporting IS 'Read models for dashboards';

CREATE TYPE shop.order_status AS ENUM ('pending', 'paid', 'shipped');
COMMENT ON TYPE shop.order_status IS 'Lifecycle of an order';
CREATE DOMAIN shop.email AS text NOT NULL DEFAULT 'nobody@example.com' CHECK (VALUE ~ '@');
COMMENT ON DOMAIN shop.email IS 'An e-mail address';
CREATE SEQUENCE shop.invoice_no AS bigint START 1000 INCREMENT 5;
COMMENT ON SEQUENCE shop.invoice_no IS 'Invoice numbers';

CREATE TABLE shop.customers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email shop.email,
  name text NOT NULL,
  name_upper text GENERATED ALWAYS AS (upper(name)) STORED,
  CONSTRAINT customers_email_key UNIQUE (email)
);
COMMENT ON TABLE shop.customers IS 'People who buy things';
COMMENT ON COLUMN shop.customers.email IS 'Where receipts go';
COMMENT ON CONSTRAINT customers_email_key ON shop.customers IS 'One account per address';
CREATE INDEX customers_lower_name_idx ON shop.customers (lower(name));
COMMENT ON INDEX shop.customers_lower_name_idx IS 'Case-insensitive name lookup';

CREATE TABLE shop.orders (
  id serial PRIMARY KEY,
  customer_id bigint NOT NULL,
  status shop.order_status NOT NULL DEFAULT 'pending',
  total numeric(12,2),
  created_at timestamptz DEFAULT now(),
  CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES shop.customers (id) ON DELETE CASCADE,
  CONSTRAINT orders_total_check CHECK (total >= 0)
);
COMMENT ON TABLE shop.orders IS 'Orders placed by customers';
COMMENT ON CONSTRAINT orders_total_check ON shop.orders IS 'No negative totals';
CREATE INDEX orders_customer_idx ON shop.orders (customer_id, created_at DESC);

CREATE TABLE shop.rooms (id int PRIMARY KEY, area box, EXCLUDE USING gist (area WITH &&));
COMMENT ON TABLE shop.rooms IS 'Rooms that must not overlap';

CREATE TABLE shop.events (id bigint, happened_at date NOT NULL, payload text) PARTITION BY RANGE (happened_at);
COMMENT ON TABLE shop.events IS 'Event log, partitioned by day';
CREATE TABLE shop.events_2024 PARTITION OF shop.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
COMMENT ON TABLE shop.events_2024 IS 'Events of 2024';

CREATE TABLE shop.tmp_scratch (x int);
COMMENT ON TABLE shop.tmp_scratch IS 'Scratch space';

${
  withFdw
    ? `CREATE EXTENSION file_fdw SCHEMA public;
CREATE SERVER files FOREIGN DATA WRAPPER file_fdw;
CREATE FOREIGN TABLE shop.imports (line text) SERVER files OPTIONS (filename '/dev/null', format 'text');
COMMENT ON FOREIGN TABLE shop.imports IS 'Lines of the nightly import file';`
    : ''
}

CREATE FUNCTION shop.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.created_at := now(); RETURN NEW; END $$;
COMMENT ON FUNCTION shop.touch() IS 'Stamps created_at';
CREATE TRIGGER orders_touch BEFORE UPDATE ON shop.orders FOR EACH ROW EXECUTE FUNCTION shop.touch();
COMMENT ON TRIGGER orders_touch ON shop.orders IS 'Keeps created_at fresh';

CREATE FUNCTION shop.order_total(p_order integer) RETURNS numeric LANGUAGE sql STABLE
  AS $$ SELECT total FROM shop.orders WHERE id = p_order $$;
COMMENT ON FUNCTION shop.order_total(integer) IS 'Total of one order';
CREATE FUNCTION shop.fmt(a integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT a::text $$;
CREATE FUNCTION shop.fmt(a text, width integer DEFAULT 10) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT lpad(a, width) $$;
COMMENT ON FUNCTION shop.fmt(text, integer) IS 'Pads text';
CREATE PROCEDURE shop.archive(before date) LANGUAGE plpgsql AS $$ BEGIN DELETE FROM shop.orders WHERE created_at < before; END $$;
COMMENT ON PROCEDURE shop.archive(date) IS 'Deletes old orders';

CREATE VIEW reporting.order_totals AS
  SELECT c.id, c.name, sum(o.total) AS total FROM shop.customers c JOIN shop.orders o ON o.customer_id = c.id GROUP BY c.id, c.name;
COMMENT ON VIEW reporting.order_totals IS 'Revenue per customer';
CREATE MATERIALIZED VIEW reporting.daily AS SELECT created_at::date AS day, count(*) AS orders FROM shop.orders GROUP BY 1;
COMMENT ON MATERIALIZED VIEW reporting.daily IS 'Orders per day';
CREATE VIEW reporting.big_spenders AS SELECT * FROM reporting.order_totals WHERE total > 1000;

INSERT INTO shop.customers (email, name) SELECT 'c' || g || '@example.com', 'Customer ' || g FROM generate_series(1, 40) g;
ANALYZE shop.customers;
`;
}

export function sourceFor(dsn: string, options: SourceRecord['options'] = {}, name = 'work'): SourceRecord {
  return { name, type: 'postgres', url: dsn, options, createdAt: new Date(0).toISOString() };
}
