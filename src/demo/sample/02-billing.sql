-- Larkspur & Pine sample database, part 2 of 3: billing (invoices, payments, refunds, the
-- Pine Club membership). Depends on 01-shop.sql. Fictional data.

CREATE SCHEMA billing;
COMMENT ON SCHEMA billing IS 'Money side of Larkspur & Pine: billing accounts, invoices, payments and refunds, VAT rates, exchange rates and Pine Club subscriptions. Finance reconciles the general ledger from here.';

-- ---------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------

CREATE DOMAIN billing.currency_code AS char(3)
  CHECK (VALUE ~ '^[A-Z]{3}$');
COMMENT ON DOMAIN billing.currency_code IS 'ISO 4217 alphabetic currency code, upper case (EUR, GBP, SEK).';

CREATE TYPE billing.invoice_status AS ENUM ('draft', 'issued', 'paid', 'overdue', 'void');
COMMENT ON TYPE billing.invoice_status IS 'draft = being prepared, not sent; issued = sent to the customer, awaiting payment; paid = fully settled by payments; overdue = issued and unpaid after due_on (set by billing.mark_overdue_invoices); void = cancelled, kept for numbering continuity.';

CREATE TYPE billing.payment_status AS ENUM ('pending', 'succeeded', 'failed', 'refunded', 'partially_refunded');
COMMENT ON TYPE billing.payment_status IS 'Outcome at the payment service provider: pending = authorised, not captured; succeeded = money received; failed = declined or errored (see failure_reason); refunded / partially_refunded = money (partly) sent back, see billing.refund.';

CREATE TYPE billing.subscription_status AS ENUM ('trialing', 'active', 'past_due', 'cancelled');
COMMENT ON TYPE billing.subscription_status IS 'Pine Club membership state: trialing = free first month; active = paid up; past_due = renewal payment failed, benefits kept for 14 days; cancelled = ended.';

-- ---------------------------------------------------------------------------------------------
-- Accounts and payment methods
-- ---------------------------------------------------------------------------------------------

CREATE TABLE billing.account (
  account_id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id        bigint NOT NULL UNIQUE REFERENCES shop.customer (customer_id),
  billing_email      shop.email_address NOT NULL,
  currency           billing.currency_code NOT NULL DEFAULT 'EUR',
  vat_number         text,
  payment_terms_days smallint NOT NULL DEFAULT 14 CHECK (payment_terms_days BETWEEN 0 AND 90),
  credit_limit_cents bigint NOT NULL DEFAULT 0 CHECK (credit_limit_cents >= 0),
  opened_at          timestamptz NOT NULL DEFAULT now(),
  closed_at          timestamptz
);

COMMENT ON TABLE billing.account IS 'The billing relationship with one shop customer: where invoices go, in which currency, on what payment terms.';
COMMENT ON COLUMN billing.account.customer_id IS 'The shop customer billed through this account; one account per customer.';
COMMENT ON COLUMN billing.account.billing_email IS 'Where invoices and payment reminders are e-mailed; may differ from the login e-mail.';
COMMENT ON COLUMN billing.account.currency IS 'Currency invoices are issued in.';
COMMENT ON COLUMN billing.account.vat_number IS 'EU VAT identification number for business customers; enables reverse charge.';
COMMENT ON COLUMN billing.account.payment_terms_days IS 'Days between issuing an invoice and its due date (0 = due on receipt).';
COMMENT ON COLUMN billing.account.credit_limit_cents IS 'Maximum open (unpaid) invoice balance allowed, in cents of currency; 0 = prepayment only.';
COMMENT ON COLUMN billing.account.closed_at IS 'When the account was closed; NULL while open.';

CREATE TABLE billing.payment_method (
  payment_method_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id        bigint NOT NULL REFERENCES billing.account (account_id) ON DELETE CASCADE,
  method_type       text NOT NULL CHECK (method_type IN ('card', 'sepa_debit', 'bank_transfer', 'wallet', 'gift_card')),
  psp_token         text NOT NULL UNIQUE,
  card_brand        text,
  card_last4        char(4) CHECK (card_last4 ~ '^[0-9]{4}$'),
  expires_month     smallint CHECK (expires_month BETWEEN 1 AND 12),
  expires_year      smallint,
  is_default        boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (method_type <> 'card' OR (card_last4 IS NOT NULL AND expires_month IS NOT NULL AND expires_year IS NOT NULL))
);

COMMENT ON TABLE billing.payment_method IS 'A way an account pays, stored as a token at the payment service provider (PSP). No card numbers are ever stored here.';
COMMENT ON COLUMN billing.payment_method.method_type IS 'card, sepa_debit (direct debit mandate), bank_transfer (customer wires money), wallet (app wallet) or gift_card.';
COMMENT ON COLUMN billing.payment_method.psp_token IS 'Opaque token the PSP issued for this method; the only way to charge it.';
COMMENT ON COLUMN billing.payment_method.card_brand IS 'Card network, for display only.';
COMMENT ON COLUMN billing.payment_method.card_last4 IS 'Last four digits of the card number, for display only.';
COMMENT ON COLUMN billing.payment_method.expires_month IS 'Card expiry month (1-12).';
COMMENT ON COLUMN billing.payment_method.expires_year IS 'Card expiry year, four digits.';
COMMENT ON COLUMN billing.payment_method.is_default IS 'Charged for subscription renewals and one-click checkout.';

-- ---------------------------------------------------------------------------------------------
-- Reference data: exchange and VAT rates
-- ---------------------------------------------------------------------------------------------

CREATE TABLE billing.fx_rate (
  rate_date    date NOT NULL,
  currency     billing.currency_code NOT NULL,
  eur_per_unit numeric(12, 6) NOT NULL CHECK (eur_per_unit > 0),
  source       text NOT NULL DEFAULT 'central_bank_reference',
  PRIMARY KEY (rate_date, currency)
);

COMMENT ON TABLE billing.fx_rate IS 'Daily reference exchange rates into EUR, used to report non-EUR sales in EUR. EUR itself has no rows (rate 1).';
COMMENT ON COLUMN billing.fx_rate.rate_date IS 'Business day the rate was published for.';
COMMENT ON COLUMN billing.fx_rate.currency IS 'The foreign currency.';
COMMENT ON COLUMN billing.fx_rate.eur_per_unit IS 'How many EUR one unit of currency was worth, e.g. 1.168200 for GBP.';
COMMENT ON COLUMN billing.fx_rate.source IS 'Publisher of the rate.';

CREATE TABLE billing.tax_rate (
  tax_rate_id  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  country_code char(2) NOT NULL,
  vat_class    text NOT NULL CHECK (vat_class IN ('standard', 'reduced', 'zero')),
  rate_pct     numeric(5, 2) NOT NULL CHECK (rate_pct >= 0 AND rate_pct < 100),
  valid_from   date NOT NULL,
  valid_to     date,
  UNIQUE (country_code, vat_class, valid_from),
  CHECK (valid_to IS NULL OR valid_to > valid_from)
);

COMMENT ON TABLE billing.tax_rate IS 'VAT rate per destination country and product VAT class over time. Orders are taxed at the rate of the shipping country valid on the order date.';
COMMENT ON COLUMN billing.tax_rate.country_code IS 'ISO 3166-1 alpha-2 destination country.';
COMMENT ON COLUMN billing.tax_rate.vat_class IS 'Matches shop.product.vat_class.';
COMMENT ON COLUMN billing.tax_rate.rate_pct IS 'VAT rate in percent, e.g. 19.00.';
COMMENT ON COLUMN billing.tax_rate.valid_from IS 'First day the rate applies.';
COMMENT ON COLUMN billing.tax_rate.valid_to IS 'First day the rate no longer applies; NULL while current.';

-- ---------------------------------------------------------------------------------------------
-- Invoices
-- ---------------------------------------------------------------------------------------------

CREATE SEQUENCE billing.invoice_number_seq START WITH 5001;
COMMENT ON SEQUENCE billing.invoice_number_seq IS 'Gap-free counter behind invoice numbers, as tax law requires.';

CREATE TABLE billing.invoice (
  invoice_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE DEFAULT ('INV-' || lpad(nextval('billing.invoice_number_seq')::text, 6, '0')),
  account_id     bigint NOT NULL REFERENCES billing.account (account_id),
  order_id       bigint REFERENCES shop.sales_order (order_id),
  status         billing.invoice_status NOT NULL DEFAULT 'draft',
  currency       billing.currency_code NOT NULL,
  issued_on      date,
  due_on         date,
  subtotal_cents bigint NOT NULL DEFAULT 0,
  tax_cents      bigint NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents    bigint NOT NULL DEFAULT 0,
  paid_on        date,
  notes          text,
  CHECK (total_cents = subtotal_cents + tax_cents),
  CHECK (status = 'draft' OR issued_on IS NOT NULL),
  CHECK (due_on IS NULL OR due_on >= issued_on)
);
CREATE INDEX invoice_account_idx ON billing.invoice (account_id, issued_on DESC);
CREATE INDEX invoice_order_idx ON billing.invoice (order_id);
CREATE INDEX invoice_unpaid_due_idx ON billing.invoice (due_on) WHERE status IN ('issued', 'overdue');

COMMENT ON TABLE billing.invoice IS 'A tax invoice sent to a billing account, for a shop order or a Pine Club renewal. Amounts are in cents of the invoice currency; the open balance is billing.invoice_balance_cents(invoice_id).';
COMMENT ON COLUMN billing.invoice.invoice_number IS 'Legal invoice number, consecutive and never reused.';
COMMENT ON COLUMN billing.invoice.order_id IS 'The shop order invoiced; NULL for subscription invoices.';
COMMENT ON COLUMN billing.invoice.status IS 'Invoice lifecycle (see type billing.invoice_status).';
COMMENT ON COLUMN billing.invoice.issued_on IS 'Invoice date printed on the document; the revenue month in reporting.';
COMMENT ON COLUMN billing.invoice.due_on IS 'Payment due date: issued_on plus the account''s payment terms.';
COMMENT ON COLUMN billing.invoice.subtotal_cents IS 'Net amount before VAT: goods minus discounts plus shipping.';
COMMENT ON COLUMN billing.invoice.tax_cents IS 'VAT charged.';
COMMENT ON COLUMN billing.invoice.total_cents IS 'Gross amount due: subtotal_cents + tax_cents.';
COMMENT ON COLUMN billing.invoice.paid_on IS 'Date the last payment settled the invoice; NULL while open.';
COMMENT ON COLUMN billing.invoice.notes IS 'Free text printed under the invoice lines.';

CREATE TABLE billing.inv_ln_itm (
  inv_ln_itm_id serial PRIMARY KEY,
  inv_id        bigint NOT NULL REFERENCES billing.invoice (invoice_id),
  ln_nbr        smallint NOT NULL,
  prd_id        bigint,
  itm_desc      varchar(200),
  qty           numeric(10, 2) NOT NULL,
  unt_prc_amt   numeric(12, 2) NOT NULL,
  disc_amt      numeric(12, 2) DEFAULT 0,
  tax_cd        varchar(4),
  cust_id       bigint,
  crt_ts        timestamp DEFAULT CURRENT_TIMESTAMP,
  UNIQUE (inv_id, ln_nbr)
);
CREATE INDEX ix_ili_cust ON billing.inv_ln_itm (cust_id);

-- ---------------------------------------------------------------------------------------------
-- Payments and refunds
-- ---------------------------------------------------------------------------------------------

CREATE TABLE billing.payment (
  payment_id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id        bigint NOT NULL REFERENCES billing.account (account_id),
  payment_method_id bigint REFERENCES billing.payment_method (payment_method_id),
  status            billing.payment_status NOT NULL DEFAULT 'pending',
  amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
  currency          billing.currency_code NOT NULL,
  psp_reference     text UNIQUE,
  received_at       timestamptz NOT NULL DEFAULT now(),
  failure_reason    text,
  CHECK (status <> 'failed' OR failure_reason IS NOT NULL)
);
CREATE INDEX payment_account_idx ON billing.payment (account_id, received_at DESC);

COMMENT ON TABLE billing.payment IS 'Money received (or attempted) from a billing account through the payment service provider. Which invoices it settles is in billing.payment_allocation.';
COMMENT ON COLUMN billing.payment.payment_method_id IS 'Method charged; NULL for unmatched incoming bank transfers.';
COMMENT ON COLUMN billing.payment.status IS 'Outcome at the PSP (see type billing.payment_status).';
COMMENT ON COLUMN billing.payment.amount_cents IS 'Gross amount charged, in cents of currency.';
COMMENT ON COLUMN billing.payment.psp_reference IS 'The PSP''s transaction id, used to reconcile settlement reports.';
COMMENT ON COLUMN billing.payment.received_at IS 'When the PSP confirmed the charge (or the failure).';
COMMENT ON COLUMN billing.payment.failure_reason IS 'Decline or error reason from the PSP; required for failed payments.';

CREATE TABLE billing.payment_allocation (
  payment_id   bigint NOT NULL REFERENCES billing.payment (payment_id) ON DELETE CASCADE,
  invoice_id   bigint NOT NULL REFERENCES billing.invoice (invoice_id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  allocated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (payment_id, invoice_id)
);
CREATE INDEX payment_allocation_invoice_idx ON billing.payment_allocation (invoice_id);

COMMENT ON TABLE billing.payment_allocation IS 'How much of a payment settles which invoice. A payment can cover several invoices and an invoice can be paid in instalments.';
COMMENT ON COLUMN billing.payment_allocation.amount_cents IS 'Part of the payment applied to the invoice, in cents of the invoice currency.';
COMMENT ON COLUMN billing.payment_allocation.allocated_at IS 'When finance (or the auto-matcher) applied the payment.';

CREATE TABLE billing.refund (
  refund_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id   bigint NOT NULL REFERENCES billing.payment (payment_id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  reason       text NOT NULL CHECK (reason IN ('return', 'goodwill', 'duplicate_charge', 'fraud', 'order_cancelled')),
  requested_by text NOT NULL,
  refunded_at  timestamptz
);

COMMENT ON TABLE billing.refund IS 'Money sent back to a customer against an earlier payment, e.g. for a returned order or as a goodwill gesture.';
COMMENT ON COLUMN billing.refund.amount_cents IS 'Amount refunded, in cents of the payment currency; at most the payment amount.';
COMMENT ON COLUMN billing.refund.reason IS 'return = goods came back; goodwill = compensation without return; duplicate_charge; fraud = chargeback or fraud review; order_cancelled = cancelled before shipping.';
COMMENT ON COLUMN billing.refund.requested_by IS 'Who asked for the refund: a support agent (agent:<login>) or an automatic process (system:<job>).';
COMMENT ON COLUMN billing.refund.refunded_at IS 'When the PSP confirmed the refund; NULL while it is being processed.';

-- ---------------------------------------------------------------------------------------------
-- Pine Club subscriptions
-- ---------------------------------------------------------------------------------------------

CREATE TABLE billing.subscription_plan (
  plan_code        varchar(24) PRIMARY KEY,
  display_name     text NOT NULL,
  billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
  price_cents      bigint NOT NULL CHECK (price_cents >= 0),
  currency         billing.currency_code NOT NULL DEFAULT 'EUR',
  free_shipping    boolean NOT NULL DEFAULT false,
  is_public        boolean NOT NULL DEFAULT true
);

COMMENT ON TABLE billing.subscription_plan IS 'A Pine Club membership plan customers can subscribe to (free shipping, early access to sales).';
COMMENT ON COLUMN billing.subscription_plan.plan_code IS 'Stable plan identifier used in the storefront and on invoices.';
COMMENT ON COLUMN billing.subscription_plan.billing_interval IS 'How often the plan renews: month or year.';
COMMENT ON COLUMN billing.subscription_plan.price_cents IS 'Price per interval excluding VAT, in cents of currency.';
COMMENT ON COLUMN billing.subscription_plan.free_shipping IS 'True when members ship for free.';
COMMENT ON COLUMN billing.subscription_plan.is_public IS 'False for plans that are no longer offered or are internal (e.g. staff perks).';

CREATE TABLE billing.subscription (
  subscription_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id         bigint NOT NULL REFERENCES billing.account (account_id),
  plan_code          varchar(24) NOT NULL REFERENCES billing.subscription_plan (plan_code),
  status             billing.subscription_status NOT NULL,
  started_on         date NOT NULL,
  current_period_end date NOT NULL,
  cancelled_on       date,
  cancel_reason      text,
  CHECK (current_period_end > started_on),
  CHECK (status <> 'cancelled' OR cancelled_on IS NOT NULL)
);
CREATE UNIQUE INDEX subscription_one_live_per_account_key ON billing.subscription (account_id)
  WHERE status IN ('trialing', 'active', 'past_due');

COMMENT ON TABLE billing.subscription IS 'A billing account''s Pine Club membership; an account has at most one live (trialing, active or past_due) subscription.';
COMMENT ON COLUMN billing.subscription.status IS 'Membership state (see type billing.subscription_status).';
COMMENT ON COLUMN billing.subscription.started_on IS 'First day of membership.';
COMMENT ON COLUMN billing.subscription.current_period_end IS 'Day the paid period ends and the next renewal invoice is issued.';
COMMENT ON COLUMN billing.subscription.cancelled_on IS 'Day the customer cancelled; benefits run until current_period_end.';
COMMENT ON COLUMN billing.subscription.cancel_reason IS 'Reason picked in the cancellation survey.';

CREATE TABLE billing.gl_acct_map (
  map_id     serial PRIMARY KEY,
  src_typ    varchar(10) NOT NULL,
  vat_cls    varchar(10),
  cntry_cd   char(2),
  gl_acct_cd varchar(10) NOT NULL,
  cc_cd      varchar(6),
  eff_dt     date NOT NULL,
  end_dt     date
);

-- ---------------------------------------------------------------------------------------------
-- Functions, procedure, views
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION billing.invoice_balance_cents(p_invoice_id bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT i.total_cents
         - COALESCE((SELECT sum(a.amount_cents) FROM billing.payment_allocation a WHERE a.invoice_id = i.invoice_id), 0)
  FROM billing.invoice i
  WHERE i.invoice_id = p_invoice_id
$$;
COMMENT ON FUNCTION billing.invoice_balance_cents(bigint) IS 'Amount still owed on an invoice, in cents of the invoice currency: total minus allocated payments. 0 = settled; negative = overpaid.';

CREATE FUNCTION billing.convert_currency(
  p_amount_cents bigint,
  p_from billing.currency_code,
  p_to billing.currency_code,
  p_on date DEFAULT current_date
) RETURNS bigint
LANGUAGE sql STABLE AS $$
  WITH rate AS (
    SELECT (CASE WHEN p_from = 'EUR' THEN 1.0 ELSE
              (SELECT f.eur_per_unit FROM billing.fx_rate f
               WHERE f.currency = p_from AND f.rate_date <= p_on ORDER BY f.rate_date DESC LIMIT 1) END) AS from_eur,
           (CASE WHEN p_to = 'EUR' THEN 1.0 ELSE
              (SELECT f.eur_per_unit FROM billing.fx_rate f
               WHERE f.currency = p_to AND f.rate_date <= p_on ORDER BY f.rate_date DESC LIMIT 1) END) AS to_eur
  )
  SELECT CASE WHEN p_from = p_to THEN p_amount_cents
              ELSE round(p_amount_cents * rate.from_eur / rate.to_eur)::bigint END
  FROM rate
$$;
COMMENT ON FUNCTION billing.convert_currency(bigint, billing.currency_code, billing.currency_code, date) IS 'Converts an amount in cents between currencies through EUR, using the latest billing.fx_rate published on or before p_on. NULL when no rate is known.';

CREATE PROCEDURE billing.mark_overdue_invoices(p_as_of date DEFAULT current_date)
LANGUAGE plpgsql AS $$
DECLARE
  marked integer;
BEGIN
  UPDATE billing.invoice
     SET status = 'overdue'
   WHERE status = 'issued'
     AND due_on < p_as_of
     AND billing.invoice_balance_cents(invoice_id) > 0;
  GET DIAGNOSTICS marked = ROW_COUNT;
  RAISE NOTICE 'marked % invoice(s) overdue as of %', marked, p_as_of;
END;
$$;
COMMENT ON PROCEDURE billing.mark_overdue_invoices(date) IS 'Nightly job: flags issued invoices whose due date has passed and that still have an open balance as overdue, which starts the reminder e-mails.';

CREATE VIEW billing.open_receivables AS
SELECT i.invoice_id,
       i.invoice_number,
       i.account_id,
       a.customer_id,
       i.status,
       i.currency,
       i.issued_on,
       i.due_on,
       i.total_cents,
       billing.invoice_balance_cents(i.invoice_id) AS balance_cents,
       GREATEST(current_date - i.due_on, 0) AS days_past_due
FROM billing.invoice i
JOIN billing.account a ON a.account_id = i.account_id
WHERE i.status IN ('issued', 'overdue');

COMMENT ON VIEW billing.open_receivables IS 'Invoices that are issued or overdue, with what is still owed: the accounts-receivable worklist for dunning.';
COMMENT ON COLUMN billing.open_receivables.balance_cents IS 'Amount still owed, in cents of the invoice currency.';
COMMENT ON COLUMN billing.open_receivables.days_past_due IS 'Whole days since the due date; 0 when not yet due.';

-- ---------------------------------------------------------------------------------------------
-- Sample rows (fictional)
-- ---------------------------------------------------------------------------------------------

-- account_id 1..6 belong to customers 1..6.
INSERT INTO billing.account (customer_id, billing_email, currency, vat_number, payment_terms_days, credit_limit_cents, opened_at) VALUES
  (1, 'maren.holt@example.com',        'EUR', NULL,            14, 0,      '2021-11-03 18:22+00'),
  (2, 'finance@vandermeer-example.nl', 'EUR', 'NL000099998B57', 30, 200000, '2022-06-17 09:05+00'),
  (3, 'camille.roux@example.net',      'EUR', NULL,            14, 0,      '2024-04-28 20:41+00'),
  (4, 'priya.nair@example.com',        'GBP', NULL,            14, 0,      '2023-02-09 12:00+00'),
  (5, 'elias.berg@example.org',        'SEK', NULL,             0, 0,      '2024-01-30 07:55+00'),
  (6, 'aoife.keane@example.com',       'EUR', NULL,            14, 50000,  '2020-08-14 15:10+00');

INSERT INTO billing.payment_method (account_id, method_type, psp_token, card_brand, card_last4, expires_month, expires_year, is_default) VALUES
  (1, 'card',          'pmt_tok_7Qa2LmX9',  'visa',       '1881', 9,    2027, true),
  (2, 'sepa_debit',    'pmt_tok_3Jd8NwR4',  NULL,         NULL,   NULL, NULL, true),
  (3, 'card',          'pmt_tok_9Vc1KpT6',  'mastercard', '5521', 2,    2025, true),
  (4, 'card',          'pmt_tok_2Hs7BeY3',  'visa',       '0730', 11,   2026, true),
  (5, 'wallet',        'pmt_tok_6Fg4ZuQ8',  NULL,         NULL,   NULL, NULL, true),
  (6, 'bank_transfer', 'pmt_tok_8Ru5DoW1',  NULL,         NULL,   NULL, NULL, true);

INSERT INTO billing.fx_rate (rate_date, currency, eur_per_unit) VALUES
  ('2024-02-14', 'GBP', 1.174100), ('2024-02-14', 'SEK', 0.088900),
  ('2024-03-04', 'GBP', 1.168300), ('2024-03-04', 'SEK', 0.089200),
  ('2024-05-20', 'GBP', 1.166800), ('2024-05-20', 'SEK', 0.087700),
  ('2024-06-03', 'GBP', 1.174900), ('2024-06-03', 'SEK', 0.087400);

INSERT INTO billing.tax_rate (country_code, vat_class, rate_pct, valid_from, valid_to) VALUES
  ('DE', 'standard', 19.00, '2021-01-01', NULL),
  ('DE', 'reduced',   7.00, '2021-01-01', NULL),
  ('NL', 'standard', 21.00, '2019-01-01', NULL),
  ('NL', 'reduced',   9.00, '2019-01-01', NULL),
  ('FR', 'standard', 20.00, '2014-01-01', NULL),
  ('GB', 'standard', 20.00, '2011-01-04', NULL),
  ('SE', 'standard', 25.00, '1990-07-01', NULL),
  ('IE', 'standard', 23.00, '2021-03-01', NULL),
  ('IE', 'standard', 21.00, '2020-09-01', '2021-03-01');

-- invoice_id 1..8; order invoices carry the order's amounts (see shop.order_total_cents).
INSERT INTO billing.invoice (invoice_number, account_id, order_id, status, currency, issued_on, due_on, subtotal_cents, tax_cents, total_cents, paid_on, notes) VALUES
  ('INV-005001', 1, 1,    'paid',    'EUR', '2024-03-04', '2024-03-18', 28100,  5339,  33439,  '2024-03-04', NULL),
  ('INV-005002', 2, 2,    'paid',    'EUR', '2024-04-11', '2024-05-11', 15625,  3281,  18906,  '2024-04-11', 'Discount code SPRING15 applied.'),
  ('INV-005003', 4, 4,    'paid',    'GBP', '2024-05-20', '2024-06-03', 10589,  2118,  12707,  '2024-05-20', NULL),
  ('INV-005004', 1, 5,    'paid',    'EUR', '2024-06-02', '2024-06-16', 48390,  9194,  57584,  '2024-06-02', NULL),
  ('INV-005005', 5, 6,    'paid',    'SEK', '2024-02-14', '2024-02-14', 211100, 52775, 263875, '2024-02-14', 'Marketplace order.'),
  ('INV-005006', 6, 7,    'overdue', 'EUR', '2024-06-20', '2024-07-04', 5000,   0,     5000,   NULL,         'Please quote the invoice number with your bank transfer.'),
  ('INV-005007', 1, NULL, 'paid',    'EUR', '2024-06-01', '2024-06-15', 3900,   741,   4641,   '2024-06-01', 'Pine Club yearly, 2024-06-01 to 2025-06-01.'),
  ('INV-005008', 2, NULL, 'issued',  'EUR', '2024-06-15', '2024-07-15', 490,    103,   593,    NULL,         'Pine Club monthly, 2024-06-15 to 2024-07-15.');
SELECT setval('billing.invoice_number_seq', 5008);

INSERT INTO billing.inv_ln_itm (inv_id, ln_nbr, prd_id, itm_desc, qty, unt_prc_amt, disc_amt, tax_cd, cust_id, crt_ts) VALUES
  (1, 1, 1,    'Fernhill 2-Person Tent',       1, 249.00,  0,     'S19', 1, '2024-03-04 19:13:02'),
  (1, 2, 7,    'Stoneware Camp Mug, set of 4', 1,  32.00,  0,     'S19', 1, '2024-03-04 19:13:02'),
  (2, 1, 3,    'Ridgeway 28 L Daypack',        2,  89.00, 26.70,  'S21', 2, '2024-04-11 08:48:40'),
  (2, 2, NULL, 'Shipping',                     1,   4.95,  0,     'S21', 2, '2024-04-11 08:48:40'),
  (3, 1, 5,    'Cast Iron Skillet 26 cm',      1,  46.90,  0,     'GB20', 4, '2024-05-20 11:04:15'),
  (3, 2, 7,    'Stoneware Camp Mug, set of 4', 2,  27.50,  0,     'GB20', 4, '2024-05-20 11:04:15'),
  (3, 3, NULL, 'Shipping',                     1,   3.99,  0,     'GB20', 4, '2024-05-20 11:04:15'),
  (7, 1, NULL, 'Pine Club yearly',             1,  39.00,  0,     'S19', 1, '2024-06-01 00:05:00'),
  (8, 1, NULL, 'Pine Club monthly',            1,   4.90,  0,     'S21', 2, '2024-06-15 00:05:00');

-- payment_id 1..7
INSERT INTO billing.payment (account_id, payment_method_id, status, amount_cents, currency, psp_reference, received_at, failure_reason) VALUES
  (1, 1, 'succeeded', 33439,  'EUR', 'psp_ch_0001A7F3', '2024-03-04 19:13+00', NULL),
  (2, 2, 'succeeded', 18906,  'EUR', 'psp_ch_0001C2D9', '2024-04-11 08:49+00', NULL),
  (4, 4, 'succeeded', 12707,  'GBP', 'psp_ch_0001E448', '2024-05-20 11:04+00', NULL),
  (1, 1, 'succeeded', 57584,  'EUR', 'psp_ch_0001F0B2', '2024-06-02 16:41+00', NULL),
  (5, 5, 'refunded',  263875, 'SEK', 'psp_ch_00019B6E', '2024-02-14 10:16+00', NULL),
  (1, 1, 'succeeded', 4641,   'EUR', 'psp_ch_0001EF90', '2024-06-01 00:06+00', NULL),
  (3, 3, 'failed',    14280,  'EUR', 'psp_ch_0001D5C1', '2024-05-02 21:31+00', 'card_declined: insufficient_funds');

INSERT INTO billing.payment_allocation (payment_id, invoice_id, amount_cents, allocated_at) VALUES
  (1, 1, 33439,  '2024-03-04 19:14+00'),
  (2, 2, 18906,  '2024-04-11 08:50+00'),
  (3, 3, 12707,  '2024-05-20 11:05+00'),
  (4, 4, 57584,  '2024-06-02 16:42+00'),
  (5, 5, 263875, '2024-02-14 10:17+00'),
  (6, 7, 4641,   '2024-06-01 00:07+00');

INSERT INTO billing.refund (payment_id, amount_cents, reason, requested_by, refunded_at) VALUES
  (5, 263875, 'return', 'agent:sofia.lind', '2024-03-01 09:30+00');

INSERT INTO billing.subscription_plan (plan_code, display_name, billing_interval, price_cents, currency, free_shipping, is_public) VALUES
  ('PINE_CLUB_M', 'Pine Club monthly',     'month', 490,  'EUR', true, true),
  ('PINE_CLUB_Y', 'Pine Club yearly',      'year',  3900, 'EUR', true, true),
  ('STAFF_2023',  'Staff perk (internal)', 'year',  0,    'EUR', true, false);

INSERT INTO billing.subscription (account_id, plan_code, status, started_on, current_period_end, cancelled_on, cancel_reason) VALUES
  (1, 'PINE_CLUB_Y', 'active',    '2023-06-01', '2025-06-01', NULL,         NULL),
  (2, 'PINE_CLUB_M', 'active',    '2024-05-15', '2024-07-15', NULL,         NULL),
  (3, 'PINE_CLUB_M', 'cancelled', '2024-04-28', '2024-05-28', '2024-05-03', 'Too expensive for how often I order');

INSERT INTO billing.gl_acct_map (src_typ, vat_cls, cntry_cd, gl_acct_cd, cc_cd, eff_dt, end_dt) VALUES
  ('SALE',   'STD', 'DE', '4400', 'WEB',  '2019-01-01', NULL),
  ('SALE',   'RED', 'DE', '4300', 'WEB',  '2019-01-01', NULL),
  ('SALE',   'STD', 'NL', '4410', 'WEB',  '2019-01-01', NULL),
  ('SALE',   'STD', NULL, '4420', 'MKT',  '2022-07-01', NULL),
  ('SHIP',   NULL,  NULL, '4730', 'LOG',  '2019-01-01', NULL),
  ('RFND',   'STD', NULL, '4409', 'CS',   '2019-01-01', NULL),
  ('SUBS',   NULL,  NULL, '4450', 'CLUB', '2021-03-01', NULL),
  ('GIFTC',  NULL,  NULL, '1790', NULL,   '2020-11-15', NULL);

-- ---------------------------------------------------------------------------------------------
-- Reporting (after the sample rows so that it is populated)
-- ---------------------------------------------------------------------------------------------

CREATE MATERIALIZED VIEW billing.monthly_revenue_by_category AS
SELECT date_trunc('month', i.issued_on)::date AS revenue_month,
       c.category_id,
       c.display_name AS category_name,
       i.currency,
       count(DISTINCT o.order_id) AS order_count,
       sum(l.quantity) AS units_sold,
       sum(l.line_total_cents) AS net_revenue_cents
FROM billing.invoice i
JOIN shop.sales_order o ON o.order_id = i.order_id
JOIN shop.order_line l ON l.order_id = o.order_id
JOIN shop.product p ON p.product_id = l.product_id
JOIN shop.product_category c ON c.category_id = p.category_id
WHERE i.status IN ('issued', 'paid', 'overdue')
  AND o.status <> 'returned'
GROUP BY 1, 2, 3, 4
WITH DATA;
CREATE UNIQUE INDEX monthly_revenue_by_category_key
  ON billing.monthly_revenue_by_category (revenue_month, category_id, currency);

COMMENT ON MATERIALIZED VIEW billing.monthly_revenue_by_category IS 'Net product revenue per invoice month, product category and currency, from invoiced orders (returned orders excluded; shipping, VAT and order-level discounts excluded). Refreshed nightly with REFRESH MATERIALIZED VIEW CONCURRENTLY.';
COMMENT ON COLUMN billing.monthly_revenue_by_category.revenue_month IS 'First day of the month the invoice was issued in.';
COMMENT ON COLUMN billing.monthly_revenue_by_category.category_id IS 'The products'' primary category (shop.product.category_id).';
COMMENT ON COLUMN billing.monthly_revenue_by_category.currency IS 'Invoice currency; amounts are not converted.';
COMMENT ON COLUMN billing.monthly_revenue_by_category.order_count IS 'Distinct orders with at least one line in the category.';
COMMENT ON COLUMN billing.monthly_revenue_by_category.units_sold IS 'Units sold in the category.';
COMMENT ON COLUMN billing.monthly_revenue_by_category.net_revenue_cents IS 'Sum of order line net amounts (excl. VAT), in cents of currency.';
