-- Larkspur & Pine sample database, part 3 of 3: customer support (tickets, agents, SLAs,
-- satisfaction surveys, help-centre articles). Depends on 01-shop.sql and 02-billing.sql.
-- Fictional data.

CREATE SCHEMA support;
COMMENT ON SCHEMA support IS 'Customer service desk of Larkspur & Pine: tickets from e-mail, chat, phone and the web form, the agents and teams who answer them, response-time targets and customer satisfaction.';

-- ---------------------------------------------------------------------------------------------
-- Types
-- ---------------------------------------------------------------------------------------------

CREATE TYPE support.ticket_status AS ENUM ('new', 'open', 'pending_customer', 'on_hold', 'resolved', 'closed');
COMMENT ON TYPE support.ticket_status IS 'new = not yet looked at; open = an agent is working on it; pending_customer = waiting for the customer''s reply (SLA clock paused); on_hold = waiting for a third party such as a carrier or the warehouse; resolved = answer given, reopens if the customer replies within 7 days; closed = final.';

CREATE TYPE support.ticket_priority AS ENUM ('low', 'normal', 'high', 'urgent');
COMMENT ON TYPE support.ticket_priority IS 'Urgency that selects the response-time targets in support.sla_policy. urgent = safety issue, or a damaged item for a gold-tier customer.';

CREATE TYPE support.contact_channel AS ENUM ('email', 'chat', 'phone', 'web_form', 'social');
COMMENT ON TYPE support.contact_channel IS 'How the customer first reached support.';

-- ---------------------------------------------------------------------------------------------
-- Teams and agents
-- ---------------------------------------------------------------------------------------------

CREATE TABLE support.team (
  team_id        smallint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           text NOT NULL UNIQUE,
  queue_email    shop.email_address NOT NULL,
  business_hours text NOT NULL DEFAULT 'Mon-Fri 08:00-18:00 CET',
  languages      char(2)[] NOT NULL DEFAULT '{en}'
);

COMMENT ON TABLE support.team IS 'A group of agents with its own ticket queue, e.g. orders and delivery or billing questions.';
COMMENT ON COLUMN support.team.name IS 'Team name shown in the help desk.';
COMMENT ON COLUMN support.team.queue_email IS 'Inbound address whose e-mails become tickets in this team''s queue.';
COMMENT ON COLUMN support.team.business_hours IS 'When the team is staffed; SLA clocks only run during these hours.';
COMMENT ON COLUMN support.team.languages IS 'ISO 639-1 languages the team answers in.';

CREATE TABLE support.agent (
  agent_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team_id      smallint NOT NULL REFERENCES support.team (team_id),
  display_name text NOT NULL,
  email        shop.email_address NOT NULL UNIQUE,
  role         text NOT NULL DEFAULT 'agent' CHECK (role IN ('agent', 'lead', 'manager')),
  is_active    boolean NOT NULL DEFAULT true,
  hired_on     date NOT NULL
);

COMMENT ON TABLE support.agent IS 'A customer service employee who answers tickets.';
COMMENT ON COLUMN support.agent.team_id IS 'Home team whose queue the agent works.';
COMMENT ON COLUMN support.agent.display_name IS 'First name and initial shown to customers in replies.';
COMMENT ON COLUMN support.agent.role IS 'agent = answers tickets; lead = also handles escalations; manager = also approves goodwill refunds.';
COMMENT ON COLUMN support.agent.is_active IS 'False for agents who left; their tickets keep the reference.';

CREATE TABLE support.sla_policy (
  priority               support.ticket_priority PRIMARY KEY,
  first_response_minutes integer NOT NULL CHECK (first_response_minutes > 0),
  resolution_minutes     integer NOT NULL CHECK (resolution_minutes > 0),
  CHECK (resolution_minutes >= first_response_minutes)
);

COMMENT ON TABLE support.sla_policy IS 'Service level targets per ticket priority: how fast customers get a first answer and a resolution.';
COMMENT ON COLUMN support.sla_policy.first_response_minutes IS 'Target minutes from ticket creation to the first public agent reply.';
COMMENT ON COLUMN support.sla_policy.resolution_minutes IS 'Target minutes from ticket creation to resolution.';

-- ---------------------------------------------------------------------------------------------
-- Tickets
-- ---------------------------------------------------------------------------------------------

CREATE TABLE support.ticket (
  ticket_id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  public_ref        uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  customer_id       bigint REFERENCES shop.customer (customer_id),
  requester_email   shop.email_address NOT NULL,
  order_id          bigint REFERENCES shop.sales_order (order_id),
  invoice_id        bigint REFERENCES billing.invoice (invoice_id),
  team_id           smallint NOT NULL REFERENCES support.team (team_id),
  assigned_agent_id integer REFERENCES support.agent (agent_id),
  channel           support.contact_channel NOT NULL,
  priority          support.ticket_priority NOT NULL DEFAULT 'normal',
  status            support.ticket_status NOT NULL DEFAULT 'new',
  subject           text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  first_response_at timestamptz,
  resolved_at       timestamptz,
  CHECK (status NOT IN ('resolved', 'closed') OR resolved_at IS NOT NULL)
);
CREATE INDEX ticket_customer_idx ON support.ticket (customer_id);
CREATE INDEX ticket_order_idx ON support.ticket (order_id);
CREATE INDEX ticket_queue_idx ON support.ticket (team_id, priority, created_at)
  WHERE status IN ('new', 'open', 'on_hold');

COMMENT ON TABLE support.ticket IS 'A customer''s support request, from first contact to resolution. Links to the customer, and to the order or invoice it is about when known.';
COMMENT ON COLUMN support.ticket.public_ref IS 'Reference quoted to the customer in e-mails; safe to share, unlike ticket_id.';
COMMENT ON COLUMN support.ticket.customer_id IS 'The shop customer, when the requester could be matched to an account; NULL for guests.';
COMMENT ON COLUMN support.ticket.requester_email IS 'Address the ticket came from and replies go to.';
COMMENT ON COLUMN support.ticket.order_id IS 'The order the request is about, if any.';
COMMENT ON COLUMN support.ticket.invoice_id IS 'The invoice the request is about, if any (billing questions).';
COMMENT ON COLUMN support.ticket.team_id IS 'Team whose queue holds the ticket.';
COMMENT ON COLUMN support.ticket.assigned_agent_id IS 'Agent who owns the ticket; NULL while unassigned in the queue.';
COMMENT ON COLUMN support.ticket.channel IS 'How the customer got in touch (see type support.contact_channel).';
COMMENT ON COLUMN support.ticket.priority IS 'Urgency; selects the SLA targets.';
COMMENT ON COLUMN support.ticket.status IS 'Where the ticket is in its lifecycle (see type support.ticket_status).';
COMMENT ON COLUMN support.ticket.subject IS 'Subject line of the first message, or a summary typed by the agent for phone calls.';
COMMENT ON COLUMN support.ticket.created_at IS 'When the customer first got in touch; the SLA clocks start here.';
COMMENT ON COLUMN support.ticket.first_response_at IS 'Time of the first public agent reply; set by trigger ticket_message_first_response.';
COMMENT ON COLUMN support.ticket.resolved_at IS 'When the ticket was last resolved; required once resolved or closed.';

CREATE TABLE support.ticket_message (
  message_id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id        bigint NOT NULL REFERENCES support.ticket (ticket_id) ON DELETE CASCADE,
  author_type      text NOT NULL CHECK (author_type IN ('customer', 'agent', 'system')),
  agent_id         integer REFERENCES support.agent (agent_id),
  is_internal_note boolean NOT NULL DEFAULT false,
  body             text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((author_type = 'agent') = (agent_id IS NOT NULL)),
  CHECK (NOT is_internal_note OR author_type = 'agent')
);
CREATE INDEX ticket_message_ticket_idx ON support.ticket_message (ticket_id, created_at);

COMMENT ON TABLE support.ticket_message IS 'One message in a ticket''s conversation: a customer e-mail or chat line, an agent reply, an internal note or a system event.';
COMMENT ON COLUMN support.ticket_message.author_type IS 'Who wrote it: customer, agent, or system (automatic notices such as "parcel delivered").';
COMMENT ON COLUMN support.ticket_message.agent_id IS 'Writing agent; set exactly when author_type is agent.';
COMMENT ON COLUMN support.ticket_message.is_internal_note IS 'True for notes visible only to agents; they do not count as a response to the customer.';
COMMENT ON COLUMN support.ticket_message.body IS 'Message text, plain text or Markdown.';
COMMENT ON COLUMN support.ticket_message.created_at IS 'When the message was sent or received.';

CREATE TABLE support.tag (
  tag_id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9_]+$'),
  description text
);

COMMENT ON TABLE support.tag IS 'A label agents put on tickets to report on contact reasons (e.g. late_delivery, damaged_item).';
COMMENT ON COLUMN support.tag.name IS 'Tag as typed in the help desk: lower case, digits and underscores.';
COMMENT ON COLUMN support.tag.description IS 'When agents should use the tag.';

CREATE TABLE support.ticket_tag (
  ticket_id bigint NOT NULL REFERENCES support.ticket (ticket_id) ON DELETE CASCADE,
  tag_id    integer NOT NULL REFERENCES support.tag (tag_id),
  tagged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ticket_id, tag_id)
);

COMMENT ON TABLE support.ticket_tag IS 'Which tags are on which ticket.';
COMMENT ON COLUMN support.ticket_tag.tagged_at IS 'When the tag was added.';

CREATE TABLE support.tkt_esc_hist (
  esc_id     serial PRIMARY KEY,
  tkt_id     bigint NOT NULL REFERENCES support.ticket (ticket_id),
  esc_lvl    smallint NOT NULL,
  esc_ts     timestamp NOT NULL,
  frm_agt_id integer,
  to_agt_id  integer,
  rsn_cd     varchar(4),
  cmnt       varchar(500)
);
CREATE INDEX tkt_esc_hist_tkt ON support.tkt_esc_hist (tkt_id);

CREATE TABLE support.satisfaction_survey (
  survey_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id   bigint NOT NULL UNIQUE REFERENCES support.ticket (ticket_id),
  score       smallint CHECK (score BETWEEN 1 AND 5),
  comment     text,
  sent_at     timestamptz NOT NULL,
  answered_at timestamptz,
  CHECK ((score IS NULL) = (answered_at IS NULL))
);

COMMENT ON TABLE support.satisfaction_survey IS 'The CSAT survey e-mailed after a ticket is resolved, one per ticket. CSAT = share of answered surveys scoring 4 or 5.';
COMMENT ON COLUMN support.satisfaction_survey.score IS 'Customer rating from 1 (very dissatisfied) to 5 (very satisfied); NULL until answered.';
COMMENT ON COLUMN support.satisfaction_survey.comment IS 'Optional free-text feedback.';
COMMENT ON COLUMN support.satisfaction_survey.sent_at IS 'When the survey e-mail went out.';
COMMENT ON COLUMN support.satisfaction_survey.answered_at IS 'When the customer answered; NULL if they did not.';

CREATE TABLE support.knowledge_article (
  article_id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug                text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  title               text NOT NULL,
  body_markdown       text NOT NULL,
  language            char(2) NOT NULL DEFAULT 'en',
  product_category_id integer REFERENCES shop.product_category (category_id),
  author_agent_id     integer REFERENCES support.agent (agent_id),
  published_at        timestamptz,
  helpful_votes       integer NOT NULL DEFAULT 0 CHECK (helpful_votes >= 0),
  unhelpful_votes     integer NOT NULL DEFAULT 0 CHECK (unhelpful_votes >= 0)
);

COMMENT ON TABLE support.knowledge_article IS 'A help-centre article customers can read before contacting support; agents link them in replies.';
COMMENT ON COLUMN support.knowledge_article.slug IS 'URL segment of the article page.';
COMMENT ON COLUMN support.knowledge_article.body_markdown IS 'Article text in Markdown.';
COMMENT ON COLUMN support.knowledge_article.language IS 'ISO 639-1 language of the article.';
COMMENT ON COLUMN support.knowledge_article.product_category_id IS 'Catalogue category the article is shown on, if any.';
COMMENT ON COLUMN support.knowledge_article.published_at IS 'When the article went live; NULL for drafts.';
COMMENT ON COLUMN support.knowledge_article.helpful_votes IS 'Readers who clicked "this helped".';
COMMENT ON COLUMN support.knowledge_article.unhelpful_votes IS 'Readers who clicked "this did not help".';

-- Refunds approved by support point at the ticket that asked for them.
ALTER TABLE billing.refund ADD COLUMN support_ticket_id bigint REFERENCES support.ticket (ticket_id);
COMMENT ON COLUMN billing.refund.support_ticket_id IS 'The support ticket in which the refund was agreed; NULL for automatic refunds.';

-- ---------------------------------------------------------------------------------------------
-- Trigger, views
-- ---------------------------------------------------------------------------------------------

CREATE FUNCTION support.record_first_response() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.author_type = 'agent' AND NOT NEW.is_internal_note THEN
    UPDATE support.ticket
       SET first_response_at = NEW.created_at
     WHERE ticket_id = NEW.ticket_id
       AND first_response_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$;
COMMENT ON FUNCTION support.record_first_response() IS 'Trigger function: the first public agent reply on a ticket sets support.ticket.first_response_at, which the first-response SLA is measured on.';

CREATE TRIGGER ticket_message_first_response AFTER INSERT ON support.ticket_message
  FOR EACH ROW EXECUTE FUNCTION support.record_first_response();

CREATE VIEW support.open_ticket_queue AS
SELECT t.ticket_id,
       t.subject,
       t.priority,
       t.status,
       t.channel,
       tm.name AS team_name,
       a.display_name AS assigned_agent,
       t.created_at,
       t.created_at + make_interval(mins => s.first_response_minutes) AS first_response_due_at,
       t.created_at + make_interval(mins => s.resolution_minutes) AS resolution_due_at,
       (t.first_response_at IS NULL
        AND now() > t.created_at + make_interval(mins => s.first_response_minutes)) AS first_response_breached
FROM support.ticket t
JOIN support.team tm ON tm.team_id = t.team_id
JOIN support.sla_policy s ON s.priority = t.priority
LEFT JOIN support.agent a ON a.agent_id = t.assigned_agent_id
WHERE t.status NOT IN ('resolved', 'closed');

COMMENT ON VIEW support.open_ticket_queue IS 'Tickets not yet resolved with their SLA due times: the wallboard shown to team leads.';
COMMENT ON COLUMN support.open_ticket_queue.assigned_agent IS 'Display name of the owning agent; NULL while unassigned.';
COMMENT ON COLUMN support.open_ticket_queue.first_response_due_at IS 'created_at plus the first-response target of the ticket''s priority (calendar time, ignoring business hours).';
COMMENT ON COLUMN support.open_ticket_queue.resolution_due_at IS 'created_at plus the resolution target of the ticket''s priority.';
COMMENT ON COLUMN support.open_ticket_queue.first_response_breached IS 'True when no agent has replied and the first-response target has passed.';

CREATE VIEW support.v_tkt_agt_stats AS
SELECT a.agent_id AS agt_id,
       count(t.ticket_id) AS tkt_cnt,
       count(t.ticket_id) FILTER (WHERE t.status IN ('resolved', 'closed')) AS rslv_cnt,
       round(avg(EXTRACT(EPOCH FROM (t.first_response_at - t.created_at)) / 60), 1) AS avg_frt_min
FROM support.agent a
LEFT JOIN support.ticket t ON t.assigned_agent_id = a.agent_id
GROUP BY a.agent_id;

-- ---------------------------------------------------------------------------------------------
-- Sample rows (fictional)
-- ---------------------------------------------------------------------------------------------

INSERT INTO support.team (name, queue_email, business_hours, languages) VALUES
  ('Orders & Delivery',  'orders@support.example.com',  'Mon-Sat 08:00-20:00 CET', '{en,de,nl}'),
  ('Billing & Payments', 'billing@support.example.com', 'Mon-Fri 09:00-17:00 CET', '{en,de}'),
  ('Product Advice',     'advice@support.example.com',  'Mon-Fri 08:00-18:00 CET', '{en,fr,sv}');

INSERT INTO support.agent (team_id, display_name, email, role, is_active, hired_on) VALUES
  (1, 'Sofia L.',  'sofia.lind@staff.example.com',    'lead',    true,  '2019-03-01'),
  (1, 'Tomasz W.', 'tomasz.wrona@staff.example.com',  'agent',   true,  '2022-09-12'),
  (2, 'Hannah O.', 'hannah.okafor@staff.example.com', 'lead',    true,  '2020-01-06'),
  (3, 'Luca F.',   'luca.ferri@staff.example.com',    'agent',   true,  '2023-04-17'),
  (2, 'Greta V.',  'greta.vos@staff.example.com',     'manager', false, '2018-06-01');

INSERT INTO support.sla_policy (priority, first_response_minutes, resolution_minutes) VALUES
  ('low',    1440, 10080),
  ('normal',  480,  4320),
  ('high',    120,  1440),
  ('urgent',   30,   240);

-- ticket_id 1..6
INSERT INTO support.ticket (customer_id, requester_email, order_id, invoice_id, team_id, assigned_agent_id, channel, priority, status, subject, created_at, resolved_at) VALUES
  (5,    'elias.berg@example.org',   6,    5,    1, 1,    'email',    'normal', 'closed',           'Return: hip belt on the 60 L pack chafes',            '2024-02-20 07:30+00', '2024-03-01 09:35+00'),
  (2,    'j.vandermeer@example.org', 2,    NULL, 1, 2,    'chat',     'normal', 'pending_customer', 'Where is my order LP-100002?',                        '2024-04-16 12:02+00', NULL),
  (6,    'aoife.keane@example.com',  7,    6,    2, 3,    'email',    'normal', 'open',             'Bank transfer reference for invoice INV-005006',      '2024-06-21 08:15+00', NULL),
  (3,    'camille.roux@example.net', 3,    NULL, 2, 3,    'phone',    'high',   'resolved',         'Card declined twice at checkout',                     '2024-05-02 21:45+00', '2024-05-03 10:20+00'),
  (NULL, 'guest.buyer@example.net',  NULL, NULL, 3, 4,    'web_form', 'low',    'new',              'Is the Dutch oven suitable for induction hobs?',      '2024-06-25 17:09+00', NULL),
  (1,    'maren.holt@example.com',   5,    NULL, 1, NULL, 'email',    'urgent', 'new',              'Tent pole cracked on first use',                      '2024-06-27 09:12+00', NULL);

-- The trigger fills support.ticket.first_response_at from the first public agent reply.
INSERT INTO support.ticket_message (ticket_id, author_type, agent_id, is_internal_note, body, created_at) VALUES
  (1, 'customer', NULL, false, 'The hip belt rubs after an hour of walking. Can I return the pack?',            '2024-02-20 07:30+00'),
  (1, 'agent',    1,    false, 'Sorry to hear that. Here is a prepaid return label; we refund on arrival.',    '2024-02-20 09:02+00'),
  (1, 'system',   NULL, false, 'Return parcel received at Tilburg returns hub.',                               '2024-02-29 14:40+00'),
  (1, 'agent',    1,    false, 'Your refund of 2,638.75 SEK is on its way.',                                   '2024-03-01 09:35+00'),
  (2, 'customer', NULL, false, 'Tracking has not moved for four days.',                                        '2024-04-16 12:02+00'),
  (2, 'agent',    2,    true,  'Carrier says parcel mis-sorted in hub, asked for trace.',                      '2024-04-16 12:40+00'),
  (2, 'agent',    2,    false, 'The carrier is tracing it. Could you confirm your neighbour has not taken it in?', '2024-04-18 10:05+00'),
  (3, 'customer', NULL, false, 'Which reference should I use for the bank transfer?',                          '2024-06-21 08:15+00'),
  (3, 'agent',    3,    false, 'Please quote INV-005006 as the payment reference.',                             '2024-06-21 11:48+00'),
  (4, 'agent',    3,    false, 'Called back: the bank blocked online payments; customer will reorder.',        '2024-05-03 10:20+00'),
  (5, 'customer', NULL, false, 'Does the enamelled Dutch oven work on induction?',                             '2024-06-25 17:09+00'),
  (6, 'customer', NULL, false, 'One pole split the first time I pitched the tent. Photos attached.',          '2024-06-27 09:12+00');

INSERT INTO support.tag (name, description) VALUES
  ('return',           'Customer wants to send goods back.'),
  ('late_delivery',    'Parcel later than the promised delivery date.'),
  ('payment_failed',   'Checkout payment declined or errored.'),
  ('product_question', 'Pre-sales question about a product.'),
  ('damaged_item',     'Goods arrived broken or broke in normal use.'),
  ('invoice_question', 'Questions about an invoice, payment reference or VAT.');

INSERT INTO support.ticket_tag (ticket_id, tag_id, tagged_at) VALUES
  (1, 1, '2024-02-20 09:00+00'),
  (2, 2, '2024-04-16 12:05+00'),
  (3, 6, '2024-06-21 08:20+00'),
  (4, 3, '2024-05-02 21:50+00'),
  (5, 4, '2024-06-25 17:10+00'),
  (6, 5, '2024-06-27 09:13+00'),
  (6, 1, '2024-06-27 09:13+00');

INSERT INTO support.tkt_esc_hist (tkt_id, esc_lvl, esc_ts, frm_agt_id, to_agt_id, rsn_cd, cmnt) VALUES
  (2, 1, '2024-04-18 09:55:00', 2,    1, 'SLA',  'frt breach, carrier trace open'),
  (4, 1, '2024-05-02 22:10:00', NULL, 3, 'PSP',  'dbl decline'),
  (6, 2, '2024-06-27 09:40:00', NULL, 1, 'VIP',  'gold cust, dmg itm, safety?');

INSERT INTO support.satisfaction_survey (ticket_id, score, comment, sent_at, answered_at) VALUES
  (1, 4,    'Easy return, refund took a while.', '2024-03-01 10:00+00', '2024-03-02 18:21+00'),
  (4, 2,    'Took two calls to sort out.',       '2024-05-03 11:00+00', '2024-05-03 19:47+00');

INSERT INTO support.knowledge_article (slug, title, body_markdown, language, product_category_id, author_agent_id, published_at, helpful_votes, unhelpful_votes) VALUES
  ('choosing-a-tent-size',    'Choosing the right tent size',        '# Choosing a tent size' || chr(10) || 'Add one person to the label for comfort ...', 'en', 2,    4, '2023-05-10 08:00+00', 212, 9),
  ('cast-iron-care',          'Caring for cast iron cookware',       '# Cast iron care' || chr(10) || 'Dry immediately, oil lightly ...',                  'en', 5,    4, '2023-07-02 08:00+00', 148, 4),
  ('returns-policy',          'Returns and refunds',                 '# Returns' || chr(10) || 'You have 30 days to return unused items ...',             'en', NULL, 1, '2022-01-15 08:00+00', 530, 61),
  ('paying-by-bank-transfer', 'Paying by bank transfer',             '# Bank transfer' || chr(10) || 'Quote your invoice number as the reference ...',     'en', NULL, 3, '2023-11-20 08:00+00', 77, 12),
  ('retour-et-remboursement', 'Retours et remboursements',           '# Retours' || chr(10) || 'Vous disposez de 30 jours ...',                            'fr', NULL, 1, NULL,                  0,   0);

UPDATE billing.refund SET support_ticket_id = 1 WHERE payment_id = 5;
