-- Larkspur & Pine sample database, part 1 of 3: the online shop.
-- A fictional EU retailer of outdoor and kitchen goods. Every name, address and number below is
-- invented for the Sextant demo. Loads on PostgreSQL 15+ and PGlite; files run in name order.

CREATE SCHEMA shop;
COMMENT ON SCHEMA shop IS 'Online storefront of Larkspur & Pine: product catalogue, customers, orders and fulfilment. Source of truth for what was sold and shipped; what is owed and paid lives in the billing schema.';

-- ---------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------

CREATE DOMAIN shop.email_address AS text
  CHECK (VALUE ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');
COMMENT ON DOMAIN shop.email_address IS 'An e-mail address as entered by its owner: exactly one @ and a dotted domain. Used for customers, billing contacts, support agents and queues.';

CREATE TYPE shop.product_status AS ENUM ('draft', 'active', 'discontinued');
COMMENT ON TYPE shop.product_status IS 'Catalogue lifecycle: draft = being prepared, hidden from the storefront; active = listed and orderable; discontinued = no longer sold, kept for order history and reviews.';

CREATE TYPE shop.order_status AS ENUM
  ('pending_payment', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'returned');
COMMENT ON TYPE shop.order_status IS 'Where an order is in fulfilment: pending_payment = placed, payment not yet captured; paid = payment captured, waiting for the warehouse; packed = picked and boxed; shipped = handed to the carrier; delivered = carrier confirmed delivery; cancelled = stopped before shipping (see cancelled_reason); returned = goods came back and were refunded.';

CREATE TYPE shop.loyalty_tier AS ENUM ('bronze', 'silver', 'gold');
COMMENT ON TYPE shop.loyalty_tier IS 'Loyalty programme tier, recomputed nightly from the last 12 months of delivered orders: bronze < 250 EUR, silver < 1000 EUR, gold from 1000 EUR.';

-- ---------------------------------------------------------------------------------------------
-- Customers
-- ---------------------------------------------------------------------------------------------

CREATE TABLE shop.customer (
  customer_id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email              shop.email_address NOT NULL,
  full_name          text NOT NULL,
  phone              text,
  country_code       char(2) NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  preferred_language char(2) NOT NULL DEFAULT 'en',
  loyalty_tier       shop.loyalty_tier NOT NULL DEFAULT 'bronze',
  marketing_opt_in   boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  legacy_cust_no     varchar(12),
  src_sys_cd         char(3)
);
CREATE UNIQUE INDEX customer_email_lower_key ON shop.customer (lower(email));
CREATE INDEX customer_country_idx ON shop.customer (country_code);

COMMENT ON TABLE shop.customer IS 'A person who has created a storefront account or checked out at least once. One row per customer, regardless of how many orders, addresses or billing accounts they have.';
COMMENT ON COLUMN shop.customer.customer_id IS 'Surrogate key of the customer; referenced by orders, billing accounts and support tickets.';
COMMENT ON COLUMN shop.customer.email IS 'Login and contact e-mail address; unique ignoring case.';
COMMENT ON COLUMN shop.customer.full_name IS 'Name as the customer entered it, used on parcels and invoices.';
COMMENT ON COLUMN shop.customer.phone IS 'Optional phone number in international format, used only by carriers and support.';
COMMENT ON COLUMN shop.customer.country_code IS 'ISO 3166-1 alpha-2 country of residence; decides the storefront currency and VAT rules.';
COMMENT ON COLUMN shop.customer.preferred_language IS 'ISO 639-1 language for e-mails and the storefront.';
COMMENT ON COLUMN shop.customer.loyalty_tier IS 'Current loyalty programme tier (see type shop.loyalty_tier).';
COMMENT ON COLUMN shop.customer.marketing_opt_in IS 'True when the customer consented to marketing e-mails (GDPR consent, recorded at sign-up or in account settings).';
COMMENT ON COLUMN shop.customer.created_at IS 'When the account was created.';
COMMENT ON COLUMN shop.customer.updated_at IS 'Last change to this row; maintained by trigger customer_touch_updated_at.';

CREATE TABLE shop.customer_address (
  address_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id    bigint NOT NULL REFERENCES shop.customer (customer_id) ON DELETE CASCADE,
  address_type   text NOT NULL CHECK (address_type IN ('shipping', 'billing')),
  is_default     boolean NOT NULL DEFAULT false,
  recipient_name text NOT NULL,
  line1          text NOT NULL,
  line2          text,
  postal_code    text NOT NULL,
  city           text NOT NULL,
  region         text,
  country_code   char(2) NOT NULL CHECK (country_code ~ '^[A-Z]{2}$')
);
CREATE UNIQUE INDEX customer_address_one_default_key
  ON shop.customer_address (customer_id, address_type) WHERE is_default;

COMMENT ON TABLE shop.customer_address IS 'A postal address saved in a customer''s address book, used for shipping parcels or printing invoices.';
COMMENT ON COLUMN shop.customer_address.address_type IS 'shipping = where parcels go; billing = printed on invoices.';
COMMENT ON COLUMN shop.customer_address.is_default IS 'The address preselected at checkout; at most one default per customer and address type.';
COMMENT ON COLUMN shop.customer_address.recipient_name IS 'Name on the parcel label, which may differ from the customer''s own name.';
COMMENT ON COLUMN shop.customer_address.line1 IS 'Street and house number.';
COMMENT ON COLUMN shop.customer_address.line2 IS 'Optional apartment, floor or c/o line.';
COMMENT ON COLUMN shop.customer_address.region IS 'State, province or county where the postal system needs one.';
COMMENT ON COLUMN shop.customer_address.country_code IS 'ISO 3166-1 alpha-2 country of the address; the shipping country decides VAT.';

-- ---------------------------------------------------------------------------------------------
-- Catalogue
-- ---------------------------------------------------------------------------------------------

CREATE TABLE shop.product_category (
  category_id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_category_id integer REFERENCES shop.product_category (category_id),
  slug               text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  display_name       text NOT NULL,
  is_visible         boolean NOT NULL DEFAULT true
);

COMMENT ON TABLE shop.product_category IS 'A node in the storefront''s category tree (e.g. Outdoor > Tents). Revenue reporting groups by these categories.';
COMMENT ON COLUMN shop.product_category.parent_category_id IS 'The enclosing category; NULL for a top-level department.';
COMMENT ON COLUMN shop.product_category.slug IS 'URL segment of the category page, lower-case with hyphens.';
COMMENT ON COLUMN shop.product_category.display_name IS 'Name shown in the storefront navigation.';
COMMENT ON COLUMN shop.product_category.is_visible IS 'False hides the category (and its navigation entry) without deleting it.';

CREATE TABLE shop.product (
  product_id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sku              varchar(32) NOT NULL UNIQUE,
  name             text NOT NULL,
  description      text,
  category_id      integer NOT NULL REFERENCES shop.product_category (category_id),
  status           shop.product_status NOT NULL DEFAULT 'draft',
  list_price_cents bigint NOT NULL CHECK (list_price_cents >= 0),
  currency         char(3) NOT NULL DEFAULT 'EUR',
  vat_class        text NOT NULL DEFAULT 'standard' CHECK (vat_class IN ('standard', 'reduced', 'zero')),
  weight_grams     integer CHECK (weight_grams > 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_category_idx ON shop.product (category_id);
CREATE INDEX product_active_name_idx ON shop.product (name) WHERE status = 'active';

COMMENT ON TABLE shop.product IS 'A sellable item in the catalogue (one SKU). Prices here are the current list price; what a customer actually paid is on shop.order_line.';
COMMENT ON COLUMN shop.product.sku IS 'Stock keeping unit printed on labels and used by the warehouse; never reused.';
COMMENT ON COLUMN shop.product.name IS 'Product name as shown in the storefront.';
COMMENT ON COLUMN shop.product.description IS 'Marketing description in Markdown.';
COMMENT ON COLUMN shop.product.category_id IS 'Primary category: decides the storefront breadcrumb and the revenue reporting category.';
COMMENT ON COLUMN shop.product.status IS 'Catalogue lifecycle (see type shop.product_status).';
COMMENT ON COLUMN shop.product.list_price_cents IS 'Current list price excluding VAT, in cents of currency.';
COMMENT ON COLUMN shop.product.currency IS 'ISO 4217 currency of list_price_cents; the catalogue is priced in EUR.';
COMMENT ON COLUMN shop.product.vat_class IS 'VAT class used to look up billing.tax_rate: standard, reduced (e.g. books, food) or zero (gift cards).';
COMMENT ON COLUMN shop.product.weight_grams IS 'Shipping weight including packaging, in grams; NULL for non-physical products such as gift cards.';
COMMENT ON COLUMN shop.product.updated_at IS 'Last change to this row; maintained by trigger product_touch_updated_at.';

-- Secondary category assignments, kept from the previous shop system.
CREATE TABLE shop.prd_cat_xref (
  prd_id   bigint NOT NULL REFERENCES shop.product (product_id),
  cat_id   integer NOT NULL REFERENCES shop.product_category (category_id),
  srt_ord  smallint DEFAULT 0,
  actv_flg char(1) DEFAULT 'Y' CHECK (actv_flg IN ('Y', 'N')),
  upd_usr  varchar(8),
  upd_dt   date,
  PRIMARY KEY (prd_id, cat_id)
);

CREATE TABLE shop.product_price_history (
  price_history_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id       bigint NOT NULL REFERENCES shop.product (product_id) ON DELETE CASCADE,
  list_price_cents bigint NOT NULL CHECK (list_price_cents >= 0),
  currency         char(3) NOT NULL,
  valid_from       timestamptz NOT NULL,
  valid_to         timestamptz,
  changed_by       text NOT NULL,
  UNIQUE (product_id, valid_from),
  CHECK (valid_to IS NULL OR valid_to > valid_from)
);

COMMENT ON TABLE shop.product_price_history IS 'Every list price a product has had, with the period it was valid. The row with valid_to NULL is the current price.';
COMMENT ON COLUMN shop.product_price_history.list_price_cents IS 'List price excluding VAT during the period, in cents of currency.';
COMMENT ON COLUMN shop.product_price_history.valid_from IS 'Start of the period (inclusive).';
COMMENT ON COLUMN shop.product_price_history.valid_to IS 'End of the period (exclusive); NULL while the price is current.';
COMMENT ON COLUMN shop.product_price_history.changed_by IS 'Merchandiser account that set the price.';

-- ---------------------------------------------------------------------------------------------
-- Stock
-- ---------------------------------------------------------------------------------------------

CREATE TABLE shop.warehouse (
  warehouse_id smallint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code         varchar(8) NOT NULL UNIQUE,
  name         text NOT NULL,
  country_code char(2) NOT NULL,
  is_active    boolean NOT NULL DEFAULT true
);

COMMENT ON TABLE shop.warehouse IS 'A fulfilment centre or returns hub that holds stock and ships parcels.';
COMMENT ON COLUMN shop.warehouse.code IS 'Short site code used on pick lists: country, hyphen, city abbreviation.';
COMMENT ON COLUMN shop.warehouse.country_code IS 'ISO 3166-1 alpha-2 country of the site.';
COMMENT ON COLUMN shop.warehouse.is_active IS 'False once the site no longer ships; stock rows are kept for audit.';

CREATE TABLE shop.inventory_level (
  product_id    bigint NOT NULL REFERENCES shop.product (product_id),
  warehouse_id  smallint NOT NULL REFERENCES shop.warehouse (warehouse_id),
  qty_on_hand   integer NOT NULL DEFAULT 0 CHECK (qty_on_hand >= 0),
  qty_reserved  integer NOT NULL DEFAULT 0 CHECK (qty_reserved >= 0),
  reorder_point integer NOT NULL DEFAULT 0 CHECK (reorder_point >= 0),
  counted_at    timestamptz,
  PRIMARY KEY (product_id, warehouse_id),
  CHECK (qty_reserved <= qty_on_hand)
);

COMMENT ON TABLE shop.inventory_level IS 'Stock of one product in one warehouse, in units. Updated by the warehouse system on every pick, receipt and count.';
COMMENT ON COLUMN shop.inventory_level.qty_on_hand IS 'Units physically on the shelf.';
COMMENT ON COLUMN shop.inventory_level.qty_reserved IS 'Units promised to paid orders that are not yet picked; available stock is qty_on_hand - qty_reserved.';
COMMENT ON COLUMN shop.inventory_level.reorder_point IS 'When available stock falls to this many units, purchasing reorders.';
COMMENT ON COLUMN shop.inventory_level.counted_at IS 'Last physical stock count of this shelf.';

-- ---------------------------------------------------------------------------------------------
-- Orders
-- ---------------------------------------------------------------------------------------------

CREATE TABLE shop.promotion (
  promotion_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code             varchar(20) NOT NULL UNIQUE CHECK (code = upper(code)),
  description      text NOT NULL,
  percent_off      numeric(5, 2) CHECK (percent_off > 0 AND percent_off <= 100),
  amount_off_cents bigint CHECK (amount_off_cents > 0),
  starts_at        timestamptz NOT NULL,
  ends_at          timestamptz,
  max_redemptions  integer CHECK (max_redemptions > 0),
  CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
);

COMMENT ON TABLE shop.promotion IS 'A discount code customers can enter at checkout. Exactly one of percent_off and amount_off_cents is set.';
COMMENT ON COLUMN shop.promotion.code IS 'The code as typed at checkout, upper case.';
COMMENT ON COLUMN shop.promotion.percent_off IS 'Discount in percent of the goods subtotal, e.g. 15.00.';
COMMENT ON COLUMN shop.promotion.amount_off_cents IS 'Fixed discount in EUR cents.';
COMMENT ON COLUMN shop.promotion.ends_at IS 'Last moment the code is accepted; NULL = open-ended.';
COMMENT ON COLUMN shop.promotion.max_redemptions IS 'How many orders may use the code in total; NULL = unlimited.';

CREATE SEQUENCE shop.order_number_seq START WITH 100001;
COMMENT ON SEQUENCE shop.order_number_seq IS 'Source of customer-facing order numbers (LP-100001, LP-100002, ...).';

CREATE TABLE shop.sales_order (
  order_id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number        text NOT NULL UNIQUE DEFAULT ('LP-' || nextval('shop.order_number_seq')),
  customer_id         bigint NOT NULL REFERENCES shop.customer (customer_id),
  status              shop.order_status NOT NULL DEFAULT 'pending_payment',
  placed_at           timestamptz NOT NULL DEFAULT now(),
  currency            char(3) NOT NULL,
  channel             text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'mobile_app', 'marketplace', 'phone')),
  promotion_id        integer REFERENCES shop.promotion (promotion_id),
  shipping_address_id bigint REFERENCES shop.customer_address (address_id),
  discount_cents      bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  shipping_cents      bigint NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  tax_cents           bigint NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  cancelled_reason    text,
  CHECK (status <> 'cancelled' OR cancelled_reason IS NOT NULL)
);
CREATE INDEX sales_order_customer_idx ON shop.sales_order (customer_id, placed_at DESC);
CREATE INDEX sales_order_open_idx ON shop.sales_order (status)
  WHERE status IN ('pending_payment', 'paid', 'packed');

COMMENT ON TABLE shop.sales_order IS 'A customer order placed in the storefront, app, a marketplace or by phone. Header only: items are in shop.order_line, the invoice in billing.invoice, parcels in shop.shipment. The grand total is shop.order_total_cents(order_id).';
COMMENT ON COLUMN shop.sales_order.order_number IS 'Customer-facing order number printed on confirmations and parcels, e.g. LP-100042.';
COMMENT ON COLUMN shop.sales_order.status IS 'Fulfilment status (see type shop.order_status).';
COMMENT ON COLUMN shop.sales_order.placed_at IS 'When the customer submitted the order.';
COMMENT ON COLUMN shop.sales_order.currency IS 'ISO 4217 currency the customer pays in (EUR, GBP or SEK); all amounts on the order and its lines use it.';
COMMENT ON COLUMN shop.sales_order.channel IS 'Where the order was placed: web storefront, mobile app, third-party marketplace or phone.';
COMMENT ON COLUMN shop.sales_order.promotion_id IS 'Discount code applied at checkout, if any.';
COMMENT ON COLUMN shop.sales_order.shipping_address_id IS 'Address the parcels go to; NULL for orders with only digital goods.';
COMMENT ON COLUMN shop.sales_order.discount_cents IS 'Order-level discount from the promotion, in cents of currency.';
COMMENT ON COLUMN shop.sales_order.shipping_cents IS 'Shipping fee charged, excluding VAT, in cents of currency.';
COMMENT ON COLUMN shop.sales_order.tax_cents IS 'VAT on goods and shipping, in cents of currency.';
COMMENT ON COLUMN shop.sales_order.cancelled_reason IS 'Why the order was cancelled; required when status is cancelled.';

CREATE TABLE shop.order_line (
  order_id         bigint NOT NULL REFERENCES shop.sales_order (order_id) ON DELETE CASCADE,
  line_no          smallint NOT NULL CHECK (line_no > 0),
  product_id       bigint NOT NULL REFERENCES shop.product (product_id),
  quantity         integer NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
  discount_cents   bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  line_total_cents bigint GENERATED ALWAYS AS (quantity * unit_price_cents - discount_cents) STORED,
  PRIMARY KEY (order_id, line_no)
);
CREATE INDEX order_line_product_idx ON shop.order_line (product_id);

COMMENT ON TABLE shop.order_line IS 'One product on an order, with the quantity and the price actually charged. Net revenue per line is line_total_cents.';
COMMENT ON COLUMN shop.order_line.line_no IS 'Position of the line on the order confirmation, from 1.';
COMMENT ON COLUMN shop.order_line.quantity IS 'Units ordered.';
COMMENT ON COLUMN shop.order_line.unit_price_cents IS 'Price per unit excluding VAT at the time of ordering, in cents of the order currency.';
COMMENT ON COLUMN shop.order_line.discount_cents IS 'Line-level discount (e.g. bundle offers), in cents of the order currency.';
COMMENT ON COLUMN shop.order_line.line_total_cents IS 'Net line amount: quantity * unit_price_cents - discount_cents, excluding VAT; computed by the database.';

CREATE TABLE shop.shipment (
  shipment_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id        bigint NOT NULL REFERENCES shop.sales_order (order_id),
  warehouse_id    smallint NOT NULL REFERENCES shop.warehouse (warehouse_id),
  carrier         text NOT NULL,
  tracking_number text,
  shipped_at      timestamptz,
  delivered_at    timestamptz,
  UNIQUE (carrier, tracking_number),
  CHECK (delivered_at IS NULL OR (shipped_at IS NOT NULL AND delivered_at >= shipped_at))
);
CREATE INDEX shipment_order_idx ON shop.shipment (order_id);

COMMENT ON TABLE shop.shipment IS 'A parcel sent from a warehouse for an order. Large orders may ship in several parcels.';
COMMENT ON COLUMN shop.shipment.carrier IS 'Parcel carrier that transports the shipment.';
COMMENT ON COLUMN shop.shipment.tracking_number IS 'Carrier''s tracking number, unique per carrier; NULL until the label is printed.';
COMMENT ON COLUMN shop.shipment.shipped_at IS 'When the carrier scanned the parcel at the warehouse.';
COMMENT ON COLUMN shop.shipment.delivered_at IS 'When the carrier reported delivery.';

CREATE TABLE shop.product_review (
  review_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id   bigint NOT NULL REFERENCES shop.product (product_id) ON DELETE CASCADE,
  customer_id  bigint NOT NULL REFERENCES shop.customer (customer_id),
  order_id     bigint REFERENCES shop.sales_order (order_id),
  rating       smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title        text,
  body         text,
  is_published boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, customer_id)
);

COMMENT ON TABLE shop.product_review IS 'A customer''s star rating and review of a product; one review per customer and product.';
COMMENT ON COLUMN shop.product_review.order_id IS 'The order the product was bought in; set means "verified purchase".';
COMMENT ON COLUMN shop.product_review.rating IS 'Stars from 1 (poor) to 5 (excellent).';
COMMENT ON COLUMN shop.product_review.is_published IS 'True once moderation approved the review for the storefront.';

-- ---------------------------------------------------------------------------------------------
-- Functions, triggers, views
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION shop.touch_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
COMMENT ON FUNCTION shop.touch_updated_at() IS 'Trigger function: stamps updated_at with the current time on every UPDATE.';

CREATE TRIGGER customer_touch_updated_at BEFORE UPDATE ON shop.customer
  FOR EACH ROW EXECUTE FUNCTION shop.touch_updated_at();
CREATE TRIGGER product_touch_updated_at BEFORE UPDATE ON shop.product
  FOR EACH ROW EXECUTE FUNCTION shop.touch_updated_at();

CREATE FUNCTION shop.order_total_cents(p_order_id bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT sum(l.line_total_cents) FROM shop.order_line l WHERE l.order_id = o.order_id), 0)
         - o.discount_cents + o.shipping_cents + o.tax_cents
  FROM shop.sales_order o
  WHERE o.order_id = p_order_id
$$;
COMMENT ON FUNCTION shop.order_total_cents(bigint) IS 'Grand total the customer pays for an order, in cents of the order currency: net lines - order discount + shipping + VAT. NULL when the order does not exist.';

CREATE VIEW shop.customer_order_summary AS
SELECT c.customer_id,
       c.email,
       c.full_name,
       c.country_code,
       c.loyalty_tier,
       count(o.order_id) FILTER (WHERE o.status <> 'cancelled') AS order_count,
       COALESCE(sum(shop.order_total_cents(o.order_id))
                FILTER (WHERE o.status IN ('paid', 'packed', 'shipped', 'delivered')), 0) AS lifetime_spend_cents,
       min(o.placed_at) AS first_order_at,
       max(o.placed_at) AS last_order_at
FROM shop.customer c
LEFT JOIN shop.sales_order o ON o.customer_id = c.customer_id
GROUP BY c.customer_id;

COMMENT ON VIEW shop.customer_order_summary IS 'One row per customer with order count and lifetime spend; the basis of loyalty tiers and CRM segments.';
COMMENT ON COLUMN shop.customer_order_summary.order_count IS 'Orders placed, not counting cancelled ones.';
COMMENT ON COLUMN shop.customer_order_summary.lifetime_spend_cents IS 'Sum of order grand totals (incl. VAT and shipping) of paid, packed, shipped and delivered orders, in cents of the order currency; returned orders are excluded.';
COMMENT ON COLUMN shop.customer_order_summary.first_order_at IS 'When the customer placed their first order (any status).';
COMMENT ON COLUMN shop.customer_order_summary.last_order_at IS 'When the customer placed their most recent order (any status).';

CREATE VIEW shop.product_stock_status AS
SELECT p.product_id,
       p.sku,
       p.name,
       p.status,
       COALESCE(sum(i.qty_on_hand), 0) AS qty_on_hand,
       COALESCE(sum(i.qty_reserved), 0) AS qty_reserved,
       COALESCE(sum(i.qty_on_hand - i.qty_reserved), 0) AS qty_available,
       COALESCE(sum(i.qty_on_hand - i.qty_reserved), 0) <= COALESCE(sum(i.reorder_point), 0) AS needs_reorder
FROM shop.product p
LEFT JOIN shop.inventory_level i ON i.product_id = p.product_id
GROUP BY p.product_id;

COMMENT ON VIEW shop.product_stock_status IS 'Stock per product summed over all warehouses, with a reorder flag for purchasing.';
COMMENT ON COLUMN shop.product_stock_status.qty_available IS 'Units that can still be sold: on hand minus reserved, over all warehouses.';
COMMENT ON COLUMN shop.product_stock_status.needs_reorder IS 'True when available units are at or below the summed reorder points.';

-- ---------------------------------------------------------------------------------------------
-- Sample rows (fictional)
-- ---------------------------------------------------------------------------------------------

INSERT INTO shop.product_category (parent_category_id, slug, display_name) VALUES
  (NULL, 'outdoor',    'Outdoor'),        -- 1
  (1,    'tents',      'Tents'),          -- 2
  (1,    'backpacks',  'Backpacks'),      -- 3
  (NULL, 'kitchen',    'Kitchen'),        -- 4
  (4,    'cookware',   'Cookware'),       -- 5
  (4,    'tableware',  'Tableware'),      -- 6
  (NULL, 'gift-cards', 'Gift cards');     -- 7

INSERT INTO shop.product (sku, name, description, category_id, status, list_price_cents, vat_class, weight_grams) VALUES
  ('LP-TNT-2P',  'Fernhill 2-Person Tent',        'Freestanding three-season tent, 2.3 kg.',        2, 'active',       24900, 'standard', 2300),
  ('LP-TNT-4P',  'Fernhill 4-Person Family Tent', 'Tunnel tent with two bedrooms and a porch.',     2, 'active',       42900, 'standard', 5400),
  ('LP-BPK-28',  'Ridgeway 28 L Daypack',         'Ventilated back panel, rain cover included.',    3, 'active',        8900, 'standard',  950),
  ('LP-BPK-60',  'Ridgeway 60 L Trekking Pack',   'Adjustable torso length, hip belt pockets.',     3, 'discontinued', 17900, 'standard', 2100),
  ('LP-CKW-SKL', 'Cast Iron Skillet 26 cm',       'Pre-seasoned, suitable for induction and fire.', 5, 'active',        5490, 'standard', 2600),
  ('LP-CKW-DUT', 'Enamelled Dutch Oven 4 L',      'Enamelled cast iron with self-basting lid.',     5, 'active',       11900, 'standard', 4800),
  ('LP-TBW-MUG', 'Stoneware Camp Mug, set of 4',  'Speckled glaze, 350 ml each.',                   6, 'active',        3200, 'standard', 1400),
  ('LP-GFT-050', 'Gift Card 50 EUR',              'Digital gift card, delivered by e-mail.',        7, 'active',        5000, 'zero',     NULL),
  ('LP-BPK-18K', 'Ridgeway 18 L Kids Pack',       NULL,                                             3, 'draft',         5900, 'standard',  600);

INSERT INTO shop.prd_cat_xref (prd_id, cat_id, srt_ord, actv_flg, upd_usr, upd_dt) VALUES
  (1, 1, 10, 'Y', 'MRCH02', '2021-04-12'),
  (5, 1, 40, 'Y', 'MRCH02', '2021-04-12'),
  (7, 1, 50, 'Y', 'MRCH05', '2022-09-30'),
  (4, 1, 20, 'N', 'MRCH05', '2023-11-02');

INSERT INTO shop.product_price_history (product_id, list_price_cents, currency, valid_from, valid_to, changed_by) VALUES
  (1, 22900, 'EUR', '2023-09-01 00:00+00', '2024-02-01 00:00+00', 'merch.ingrid'),
  (1, 24900, 'EUR', '2024-02-01 00:00+00', NULL,                  'merch.ingrid'),
  (5, 4990,  'EUR', '2023-01-15 00:00+00', '2024-03-01 00:00+00', 'merch.pavel'),
  (5, 5490,  'EUR', '2024-03-01 00:00+00', NULL,                  'merch.pavel'),
  (4, 17900, 'EUR', '2022-05-01 00:00+00', NULL,                  'merch.pavel');

INSERT INTO shop.warehouse (code, name, country_code, is_active) VALUES
  ('DE-LEJ', 'Leipzig fulfilment centre',    'DE', true),
  ('NL-TIL', 'Tilburg returns hub',          'NL', true),
  ('GB-MKN', 'Milton Keynes UK distribution', 'GB', true);

INSERT INTO shop.inventory_level (product_id, warehouse_id, qty_on_hand, qty_reserved, reorder_point, counted_at) VALUES
  (1, 1, 42, 3, 15, '2024-06-01 06:00+00'),
  (2, 1,  9, 1, 10, '2024-06-01 06:00+00'),
  (3, 1, 130, 12, 40, '2024-06-01 06:00+00'),
  (3, 3, 25, 0, 10, '2024-05-28 07:30+00'),
  (4, 2,  4, 0,  0, '2024-04-15 09:00+00'),
  (5, 1, 61, 2, 20, '2024-06-01 06:00+00'),
  (5, 3, 18, 1,  8, '2024-05-28 07:30+00'),
  (6, 1,  7, 0, 12, '2024-06-01 06:00+00'),
  (7, 1, 88, 0, 25, '2024-06-01 06:00+00'),
  (7, 3, 30, 2, 10, '2024-05-28 07:30+00');

INSERT INTO shop.customer (email, full_name, phone, country_code, preferred_language, loyalty_tier, marketing_opt_in, created_at, legacy_cust_no, src_sys_cd) VALUES
  ('maren.holt@example.com',   'Maren Holt',        '+49 30 5550 1123', 'DE', 'de', 'gold',   true,  '2021-11-03 18:22+00', 'C0002981', 'WEB'),
  ('j.vandermeer@example.org', 'Joost van der Meer', NULL,              'NL', 'nl', 'silver', false, '2022-06-17 09:05+00', NULL,       NULL),
  ('camille.roux@example.net', 'Camille Roux',      '+33 1 5550 4410',  'FR', 'fr', 'bronze', true,  '2024-04-28 20:41+00', NULL,       NULL),
  ('priya.nair@example.com',   'Priya Nair',        '+44 20 5550 0199', 'GB', 'en', 'silver', false, '2023-02-09 12:00+00', NULL,       NULL),
  ('elias.berg@example.org',   'Elias Berg',        NULL,               'SE', 'sv', 'bronze', false, '2024-01-30 07:55+00', NULL,       NULL),
  ('aoife.keane@example.com',  'Aoife Keane',       '+353 1 555 0142',  'IE', 'en', 'bronze', true,  '2020-08-14 15:10+00', 'C0004417', 'MGT');

INSERT INTO shop.customer_address (customer_id, address_type, is_default, recipient_name, line1, line2, postal_code, city, region, country_code) VALUES
  (1, 'shipping', true,  'Maren Holt',         'Lindenweg 14',        NULL,          '10115',    'Berlin',    NULL,          'DE'),
  (1, 'billing',  true,  'Maren Holt',         'Lindenweg 14',        NULL,          '10115',    'Berlin',    NULL,          'DE'),
  (2, 'shipping', true,  'Joost van der Meer', 'Kastanjelaan 3',      '2e verdieping', '3511 AB', 'Utrecht',  NULL,          'NL'),
  (3, 'shipping', true,  'Camille Roux',       '8 rue des Tilleuls',  NULL,          '69003',    'Lyon',      NULL,          'FR'),
  (4, 'shipping', true,  'Priya Nair',         '27 Alder Crescent',   'Flat 4',      'M14 5XX',  'Manchester', 'Greater Manchester', 'GB'),
  (5, 'shipping', true,  'Elias Berg',         'Björkvägen 9',        NULL,          '753 20',   'Uppsala',   NULL,          'SE'),
  (6, 'shipping', true,  'Aoife Keane',        '5 Rowan Terrace',     NULL,          'D06 X1Y2', 'Dublin',    NULL,          'IE'),
  (1, 'shipping', false, 'Holt Familie',       'Am Seeufer 2',        'Ferienhaus',  '17192',    'Waren',     NULL,          'DE');

INSERT INTO shop.promotion (code, description, percent_off, amount_off_cents, starts_at, ends_at, max_redemptions) VALUES
  ('SPRING15',  '15 % off everything, spring campaign 2024',  15.00, NULL, '2024-03-20 00:00+00', '2024-04-30 23:59+00', 5000),
  ('WELCOME10', '10 EUR off a first order of 50 EUR or more',  NULL, 1000, '2023-01-01 00:00+00', NULL,                  NULL);

-- Orders LP-100001 .. LP-100007 (order_id 1..7).
INSERT INTO shop.sales_order (customer_id, status, placed_at, currency, channel, promotion_id, shipping_address_id, discount_cents, shipping_cents, tax_cents, cancelled_reason) VALUES
  (1, 'delivered',       '2024-03-04 19:12+00', 'EUR', 'web',        NULL, 1,  0,    0,    5339, NULL),
  (2, 'shipped',         '2024-04-11 08:47+00', 'EUR', 'mobile_app', 1,    3,  2670, 495,  3281, NULL),
  (3, 'cancelled',       '2024-05-02 21:30+00', 'EUR', 'web',        NULL, 4,  0,    0,    2380, 'Payment not completed within 72 hours'),
  (4, 'delivered',       '2024-05-20 11:03+00', 'GBP', 'web',        NULL, 5,  0,    399,  2118, NULL),
  (1, 'paid',            '2024-06-02 16:40+00', 'EUR', 'web',        NULL, 8,  0,    0,    9194, NULL),
  (5, 'returned',        '2024-02-14 10:15+00', 'SEK', 'marketplace', NULL, 6, 0,    7900, 52775, NULL),
  (6, 'pending_payment', '2024-06-20 13:58+00', 'EUR', 'phone',      NULL, NULL, 0,  0,    0,    NULL);

INSERT INTO shop.order_line (order_id, line_no, product_id, quantity, unit_price_cents, discount_cents) VALUES
  (1, 1, 1, 1, 24900, 0),
  (1, 2, 7, 1, 3200,  0),
  (2, 1, 3, 2, 8900,  0),
  (3, 1, 6, 1, 11900, 0),
  (4, 1, 5, 1, 4690,  0),
  (4, 2, 7, 2, 2750,  0),
  (5, 1, 2, 1, 42900, 0),
  (5, 2, 5, 1, 5490,  0),
  (6, 1, 4, 1, 203200, 0),
  (7, 1, 8, 1, 5000,  0);

INSERT INTO shop.shipment (order_id, warehouse_id, carrier, tracking_number, shipped_at, delivered_at) VALUES
  (1, 1, 'Swiftpost',       'SP4401928374DE', '2024-03-05 14:00+00', '2024-03-07 10:31+00'),
  (2, 1, 'Nordline Parcel', 'NL77120045381',  '2024-04-12 15:20+00', NULL),
  (4, 3, 'Albion Courier',  'AC-GB-0093115',  '2024-05-21 09:45+00', '2024-05-22 13:02+00'),
  (6, 1, 'Nordline Parcel', 'NL77119983020',  '2024-02-15 12:10+00', '2024-02-19 16:44+00');

INSERT INTO shop.product_review (product_id, customer_id, order_id, rating, title, body, is_published, created_at) VALUES
  (1, 1, 1, 5, 'Dry through a week of rain', 'Pitches in five minutes, stayed dry on the Baltic coast.', true,  '2024-03-20 08:15+00'),
  (5, 4, 4, 4, 'Heavy but great',            'Even heat, needs a second handle.',                         true,  '2024-06-01 19:40+00'),
  (4, 5, 6, 2, 'Hip belt chafes',            'Returned it after two day hikes.',                          false, '2024-02-25 10:00+00');
