import { describe, expect, it } from 'vitest';
import { djangoRelations } from './django-relations.js';
import { ormModelUses, ormTableRefs } from './orm-refs.js';

/** A project of Django models files: each file's refs, the relations read from them, and the uses a view makes of them. */
function project(files: Record<string, string>) {
  const texts = Object.entries(files).map(([path, text]) => ({ path, text, language: 'python' }));
  const refs = new Map(texts.map((t) => [t.path, ormTableRefs(t.text, 'python', t.path)]));
  const relations = djangoRelations(texts, refs);
  const models = [...refs.values()].flat();
  return {
    relations,
    refs,
    uses: (text: string) => ormModelUses(text, 'python', models, { djangoRelations: relations }).map((u) => [u.table, u.line, ...(u.access ?? [])]),
  };
}

describe('Django related names', () => {
  const path = 'club/members/models.py';
  const models = [
    'from django.contrib.auth.models import User',
    'from django.db import models',
    '',
    'class Team(models.Model):',
    '    name = models.CharField(max_length=40)',
    '',
    'class Seat(models.Model):',
    '    user = models.ForeignKey(User, models.CASCADE, related_name="seats")',
    '    team = models.ForeignKey(Team, models.CASCADE, related_name="+")',
    '',
    'class Badge(models.Model):',
    "    owner = models.OneToOneField(User, models.CASCADE, related_name='badge')",
    "    teams = models.ManyToManyField(Team, related_name='badges')",
  ].join('\n');
  const club = project({ [path]: models });

  it("reads the managers a foreign key's or a many-to-many field's related_name gives the other model", () => {
    // '+' gives no manager and no way back in a lookup; a one-to-one field's related name is a row
    expect(club.relations.fields.map((f) => [f.model, f.field, f.kind, f.target, f.manager, f.links?.table, f.query])).toEqual([
      ['Seat', 'user', 'fk', 'User', 'seats', undefined, 'seats'],
      ['Seat', 'team', 'fk', 'Team', undefined, undefined, undefined],
      ['Badge', 'owner', 'o2o', 'User', undefined, undefined, 'badge'],
      ['Badge', 'teams', 'm2m', 'Team', 'badges', 'members_badge_teams', 'badges'],
    ]);
  });

  it("links the model's table where a row's manager is called by that name", () => {
    const view = [
      'def leave(request, team):',
      '    if not request.user.seats.exists():',
      '        return None',
      '    team.badges.clear()',
      '    request.user.badge.save()',
    ].join('\n');
    // the user's badge, a one-to-one field's way back, is a row: reached and saved
    expect(club.uses(view)).toEqual([
      ['members_seat', 2, 'read'],
      ['members_badge_teams', 4, 'write'],
      ['members_badge', 5, 'write'],
    ]);
    // not a manager call: `.seats` alone, or a method no manager has
    expect(club.uses('n = len(flight.seats)\nflight.seats.book(3)\n')).toEqual([]);
    // a many-to-many field's reverse manager reads the model's rows through its link rows
    expect(club.uses('def shown(team):\n    return team.badges.filter(level=2)\n')).toEqual([
      ['members_badge', 2, 'read'],
      ['members_badge_teams', 2, 'read'],
    ]);
  });
});

const STICKER = [
  'from django.db import models',
  '',
  'class Sticker(models.Model):',
  "    label = models.ForeignKey('stock.Label', models.CASCADE)",
  '',
  '    def crates(self):',
  '        return self.label.crate_set.all()',
].join('\n');

describe("Django's reverse managers of a many-to-many field", () => {
  // a crate stands in a depot (a foreign key) and carries labels (a many-to-many field): `crate_set` is the reverse manager of both
  const depot = project({
    'depot/stock/models.py': [
      'from django.db import models',
      '',
      'class Depot(models.Model):',
      '    city = models.CharField(max_length=40)',
      '',
      'class Label(models.Model):',
      '    text = models.CharField(max_length=40)',
      '',
      'class Crate(models.Model):',
      '    depot = models.ForeignKey(Depot, models.CASCADE)',
      "    labels = models.ManyToManyField('stock.Label')",
    ].join('\n'),
    'depot/stock/methods.py': STICKER,
  });

  it('reaches the link rows only when the receiver is a row of the model the field points to', () => {
    const view = [
      'from depot.stock.models import Label',
      '',
      'def relabel(request, code):',
      '    label = get_object_or_404(Label, code=code)',
      '    label.crate_set.add(*request.crates)',
      '',
      'def count(label):',
      '    return label.crate_set.count()',
    ].join('\n');
    // `add` writes the link rows alone; `count` reads the crates through them
    expect(depot.uses(view)).toEqual([
      ['stock_label', 4, 'read'],
      ['stock_crate_labels', 5, 'read', 'write'],
      ['stock_crate', 8, 'read'],
    ]);
    const tests = [
      'class LabelTestCase(TestCase):',
      '    def setUp(self):',
      '        self.fragile = Label.objects.create(text="fragile")',
      '',
      '    def test_it_is_on_no_crate(self):',
      '        self.assertEqual(self.fragile.crate_set.count(), 0)',
    ].join('\n');
    expect(depot.uses(tests)).toEqual([
      ['stock_label', 3, 'write'],
      ['stock_crate', 6, 'read'],
      ['stock_crate_labels', 6, 'read'],
    ]);
    // `self.label` in a model whose `label` is a foreign key to Label, and a row's `label`
    // (`self.label` itself loads the label's row)
    expect(depot.uses(STICKER)).toEqual([
      ['stock_crate', 7, 'read'],
      ['stock_crate_labels', 7, 'read'],
      ['stock_label', 7, 'read'],
    ]);
    expect(depot.uses('def f(sticker):\n    return sticker.label.crate_set.all()\n')).toEqual([
      ['stock_crate', 2, 'read'],
      ['stock_crate_labels', 2, 'read'],
      ['stock_label', 2, 'read'],
    ]);
    // the foreign key's model, or a receiver the code does not tell: the crates alone, never the link rows
    const other = [
      'def stock(depot):',
      '    return depot.crate_set.count()',
      '',
      'def first(row):',
      '    row.crate_set.add(Crate.objects.get(code="A1"))',
    ].join('\n');
    expect(depot.uses(other)).toEqual([['stock_crate', 2, 'read', 'write']]);
    // a name bound to a Depot is a Depot's, whatever it is called
    expect(depot.uses('def f(code):\n    label = Depot.objects.get(code=code)\n    label.crate_set.add(c)\n')).toEqual([
      ['stock_depot', 2, 'read'],
      ['stock_crate', 3, 'write'],
    ]);
  });

  it("a model's only relation without related_name is certain, unless a base of another file may declare more", () => {
    const only = {
      'depot/stock/models.py':
        'from django.db import models\n\nclass Pallet(models.Model):\n    labels = models.ManyToManyField("Label")\n\nclass Label(models.Model):\n    text = models.TextField()\n',
    };
    expect(project(only).uses('def f(x):\n    x.pallet_set.clear()\n')).toEqual([['stock_pallet_labels', 2, 'write']]);
    const based = {
      'depot/stock/models.py':
        'from django.db import models\nfrom depot.core.models import Tracked\n\nclass Pallet(Tracked):\n    labels = models.ManyToManyField("Label")\n\nclass Label(models.Model):\n    text = models.TextField()\n',
    };
    expect(project(based).uses('def f(x):\n    x.pallet_set.clear()\n')).toEqual([['stock_pallet', 2, 'write']]);
    expect(project(based).uses('def f(label):\n    label.pallet_set.clear()\n')).toEqual([['stock_pallet_labels', 2, 'write']]);
  });

  it("a field `through` a model reaches that model's rows, from both sides", () => {
    const band = project({
      'music/bands/models.py': [
        'from django.db import models',
        '',
        'class Person(models.Model):',
        '    name = models.CharField(max_length=80)',
        '',
        'class Band(models.Model):',
        '    members = models.ManyToManyField(Person, through="Membership")',
        '',
        'class Membership(models.Model):',
        '    person = models.ForeignKey(Person, models.CASCADE, related_name="+")',
        '    band = models.ForeignKey(Band, models.CASCADE, related_name="+")',
      ].join('\n'),
    });
    const view = [
      'from music.bands.models import Band',
      '',
      'def line_up(band_id, person):',
      '    band = Band.objects.get(id=band_id)',
      '    names = [p.name for p in band.members.all()]',
      '    return names, person.band_set.exists()',
    ].join('\n');
    expect(band.uses(view)).toEqual([
      ['bands_band', 4, 'read'],
      ['bands_membership', 5, 'read'],
      ['bands_person', 5, 'read'],
    ]);
  });
});

describe("Django's managers a model declares besides objects", () => {
  const shop = project({
    'shop/orders/models.py': [
      'from django.db import models',
      '',
      'class Order(models.Model):',
      '    every = models.Manager()',
      '    open = OpenQuerySet.as_manager()',
      '    placed = models.DateTimeField()',
      '',
      'class Refund(models.Model):',
      '    order = models.ForeignKey(Order, models.CASCADE)',
    ].join('\n'),
  });

  it('links the model by each of them, and by no other model', () => {
    const view = [
      'from shop.orders.models import Order, Refund',
      '',
      'def purge():',
      '    Refund.open.all()',
      '    Order.every.create(placed=None)',
      '    return Order.open.count()',
    ].join('\n');
    // `open` is Order's manager, not Refund's: `Refund.open` is nothing
    expect(shop.relations.managers).toEqual(new Map([['Order', ['every', 'open']]]));
    expect(shop.uses(view)).toEqual([['orders_order', 5, 'read', 'write']]);
  });
});

describe('Django query sets that write', () => {
  const shop = project({
    'shop/orders/models.py': 'from django.db import models\n\nclass Order(models.Model):\n    state = models.CharField(max_length=10)\n',
  });

  it('writes where a call of the chain writes, or a query set bound to a name is written later in its function', () => {
    expect(shop.uses('def close(ids):\n    Order.objects.filter(id__in=ids).update(state="closed")\n')).toEqual([['orders_order', 2, 'write']]);
    const purge = [
      'def purge(days):',
      '    q = Order.objects.filter(placed__lt=days)',
      '    q = q.exclude(state="open")',
      '    n, _ = q.delete()',
      '    return n',
    ];
    expect(shop.uses(purge.join('\n'))).toEqual([['orders_order', 2, 'read', 'write']]);
    // bound to something else last, or to a dict: no write
    const other = [
      'def f(days):',
      '    q = Order.objects.all()',
      '    q = build(days)',
      '    q.delete()',
      '    row = Order.objects.values("state").first()',
      '    row.update(x=1)',
    ];
    expect(shop.uses(other.join('\n'))).toEqual([['orders_order', 2, 'read']]);
  });
});

describe('Django lookups across relations', () => {
  const shop = project({
    'shop/orders/models.py': [
      'from django.contrib.auth.models import User',
      'from django.db import models',
      '',
      'class Customer(models.Model):',
      '    user = models.OneToOneField(User, models.CASCADE)',
      '    city = models.CharField(max_length=40)',
      '',
      'class Tag(models.Model):',
      '    name = models.CharField(max_length=40)',
      '',
      'class Order(models.Model):',
      "    customer = models.ForeignKey(Customer, models.CASCADE, related_name='orders', related_query_name='order')",
      '    tags = models.ManyToManyField(Tag)',
      '',
      'class Line(models.Model):',
      '    order = models.ForeignKey(Order, models.CASCADE)',
      '    sku = models.CharField(max_length=20)',
    ].join('\n'),
  });
  const tables = (text: string) => shop.uses(text).filter((u) => u[0] !== 'orders_order');

  it('joins the tables a keyword path walks, forward and backward, and a many-to-many step with its link rows', () => {
    const view = [
      'from shop.orders.models import Order',
      '',
      'def report(city, sku):',
      '    return Order.objects.filter(',
      '        customer__city=city,',
      '        line__sku__startswith=sku,',
      '    ).exclude(Q(tags__name="gift") | Q(customer__user__email__endswith="@test"))',
    ].join('\n');
    expect(tables(view)).toEqual([
      ['orders_customer', 5, 'read'],
      ['orders_line', 6, 'read'],
      ['orders_order_tags', 7, 'read'],
      ['orders_tag', 7, 'read'],
      ['auth_user', 7, 'read'],
    ]);
  });

  it('reads a forward key compared as it is as its own column, and the related rows select_related fetches', () => {
    const view = [
      'from shop.orders.models import Order',
      '',
      'def mine(customer, ids):',
      '    a = Order.objects.filter(customer=customer, customer__in=ids, customer__id=3).values("customer")',
      '    b = Order.objects.select_related("customer__user").order_by("-customer__city")',
      '    return a, b',
    ].join('\n');
    expect(tables(view)).toEqual([
      ['orders_customer', 5, 'read'],
      ['auth_user', 5, 'read'],
    ]);
    // across a many-to-many field, the link rows alone until the path goes into the tags
    expect(tables('from shop.orders.models import Order\n\ndef gifts(tags):\n    return Order.objects.filter(tags__in=tags)\n')).toEqual([
      ['orders_order_tags', 4, 'read'],
    ]);
  });

  it('goes back by related_query_name, a one-to-one field by its model name, and through aggregates and get_object_or_404', () => {
    const view = [
      'from shop.orders.models import Customer',
      '',
      'def best(request, pk):',
      '    top = Customer.objects.annotate(n=Count("order")).filter(order__line__sku="x")',
      '    one = get_object_or_404(Customer, pk=pk, user__username=request.user.username)',
      "    return User.objects.filter(customer__city='Oslo'), top, one",
    ].join('\n');
    // each table once, where it is first used; `User.objects` is no model this file imports, so line 6 adds nothing
    expect(tables(view)).toEqual([
      ['orders_customer', 4, 'read'],
      ['orders_line', 4, 'read'],
      ['auth_user', 5, 'read'],
    ]);
    // `orders` is the manager's name, not the lookup's
    expect(tables(view.replace('Count("order")', 'Count("orders")').replace('order__line__sku', 'orders__line__sku'))).toEqual([
      ['orders_customer', 4, 'read'],
      ['auth_user', 5, 'read'],
    ]);
  });

  it('reads the row a foreign key or a one-to-one field reaches from a row the code tells, and writes it when saved there', () => {
    const view = [
      'from shop.orders.models import Order',
      '',
      'def ship(pk):',
      '    order = Order.objects.get(pk=pk)',
      '    city = order.customer.city',
      '    order.customer = None',
      '    order.customer.user.save()',
      '    return city, form.customer',
    ].join('\n');
    // `order.customer = None` sets the key alone; `form` is no row the code tells
    expect(tables(view)).toEqual([
      ['orders_customer', 5, 'read'],
      ['auth_user', 7, 'write'],
    ]);
  });
});

describe('Django cascading deletes', () => {
  const models = [
    'from django.db import models',
    'from django.db.models import CASCADE',
    '',
    'class Project(models.Model):',
    '    name = models.CharField(max_length=40)',
    '',
    'class Check(models.Model):',
    '    project = models.ForeignKey(Project, on_delete=CASCADE)',
    "    tags = models.ManyToManyField('Tag')",
    '',
    'class Ping(models.Model):',
    "    owner = models.ForeignKey(Check, models.CASCADE, related_name='pings')",
    '',
    'class Flip(models.Model):',
    '    owner = models.ForeignKey(Check, on_delete=models.SET_NULL, null=True)',
    '',
    'class Note(models.Model):',
    '    project = models.ForeignKey(Project, on_delete=models.PROTECT)',
    '',
    'class Tag(models.Model):',
    "    parent = models.ForeignKey('self', on_delete=models.CASCADE, null=True)",
  ].join('\n');
  const site = project({ 'hc/api/models.py': models });
  const tables = (text: string) => site.uses(text).map(([table, , ...access]) => `${table}:${access.join('+')}`);

  it('records which on_delete each foreign key has', () => {
    expect(site.relations.fields.map((f) => [f.model, f.field, f.onDelete])).toEqual([
      ['Check', 'project', 'CASCADE'],
      ['Check', 'tags', undefined],
      ['Ping', 'owner', 'CASCADE'],
      ['Flip', 'owner', 'SET_NULL'],
      ['Note', 'project', 'PROTECT'],
      ['Tag', 'parent', 'CASCADE'],
    ]);
  });

  it("a query set's delete writes the tables its cascades reach, recursively, and the link rows; PROTECT writes nothing", () => {
    expect(tables('Project.objects.filter(name="x").delete()\n').sort()).toEqual(
      ['api_check:write', 'api_check_tags:write', 'api_flip:write', 'api_ping:write', 'api_project:write'].sort(),
    );
    // a model cascading to itself ends
    expect(tables('Tag.objects.all().delete()\n').sort()).toEqual(['api_check_tags:write', 'api_tag:write']);
  });

  it("a row's delete, a query set bound to a name and a related manager's delete cascade too", () => {
    const cascade = ['api_check:write', 'api_check_tags:write', 'api_flip:write', 'api_ping:write'];
    expect(tables('def drop(request, code):\n    check = get_object_or_404(Check, code=code)\n    check.delete()\n').sort()).toEqual(
      cascade.map((t) => (t === 'api_check:write' ? 'api_check:read+write' : t)),
    );
    expect(tables('def drop(code):\n    q = Check.objects.filter(code=code)\n    q.delete()\n').sort()).toEqual(
      cascade.map((t) => (t === 'api_check:write' ? 'api_check:read+write' : t)),
    );
    expect(tables('def drop(project):\n    project.check_set.all().delete()\n').sort()).toEqual(cascade);
    expect(tables('def drop(check):\n    check.pings.filter(n=1).delete()\n')).toEqual(['api_ping:write']);
    // a row whose model the code does not tell deletes nothing known
    expect(tables('def drop(thing):\n    thing.delete()\n')).toEqual([]);
  });
});

describe('Django loops over query sets and related managers', () => {
  const shows = project({
    'web/models.py': [
      'from django.contrib.auth.models import User',
      'from django.db import models',
      '',
      'class Event(models.Model):',
      '    name = models.CharField(max_length=40)',
      '',
      'class Coach(models.Model):',
      '    name = models.CharField(max_length=40)',
      '',
      'class Page(models.Model):',
      "    event = models.ForeignKey(Event, models.CASCADE, related_name='content')",
      '    coaches = models.ManyToManyField(Coach)',
      '',
      'class Project(models.Model):',
      '    owner = models.ForeignKey(User, models.CASCADE)',
      '',
      'class Check(models.Model):',
      '    project = models.ForeignKey(Project, models.CASCADE)',
    ].join('\n'),
  });

  it("binds a loop's name to the related manager's model, and a name bound to it in turn", () => {
    // the file never names `Page`: the loop tells the row's model, so its many-to-many manager and its save reach it
    const copy = [
      'def copy(event, new_event):',
      '    for obj in event.content.all():',
      '        new_content = obj',
      '        new_content.event = new_event',
      '        new_content.save()',
      '        kept = obj.coaches.all()',
    ].join('\n');
    expect(shows.uses(copy)).toEqual([
      ['web_page', 2, 'read', 'write'],
      ['web_page_coaches', 6, 'read'],
      ['web_coach', 6, 'read'],
    ]);
  });

  it('binds a comprehension over a query set bound to a name, and a loop over a manager written over lines', () => {
    const owners = ['def owners():', '    projects = Project.objects.filter(name="x")', '    return [p.owner.email for p in projects]'].join('\n');
    expect(shows.uses(owners)).toEqual([
      ['web_project', 2, 'read'],
      ['auth_user', 3, 'read'],
    ]);
    const touch = ['def touch(data):', '    for check in (', '        Check.objects.filter(status="up")', '    ):', '        check.save()'].join('\n');
    expect(shows.uses(touch)).toEqual([['web_check', 3, 'read', 'write']]);
    // the item of an enumeration; a pair's first name is no item of it
    const numbered = ['def number():', '    for n, check in enumerate(Check.objects.all()):', '        check.save()'].join('\n');
    expect(shows.uses(numbered)).toEqual([['web_check', 2, 'read', 'write']]);
    const paired = ['def pair(pairs):', '    for check, n in pairs:', '        check.save()'].join('\n');
    expect(shows.uses(paired)).toEqual([]);
  });

  it("binds a pair's names to zip's arguments at their places, and a dict's values where the dict is rows by key", () => {
    const zipped = [
      'def compare(pages):',
      '    projects = Project.objects.all()',
      '    for project, page in zip(projects, pages):',
      '        project.save()',
      '        page.save()',
    ].join('\n');
    expect(shows.uses(zipped)).toEqual([['web_project', 2, 'read', 'write']]);
    const keyed = [
      'def rename(ids):',
      '    by_id = Check.objects.in_bulk(ids)',
      '    for key, check in by_id.items():',
      '        check.save()',
      '',
      'def reorder():',
      '    owners = {p.owner_id: p for p in Project.objects.all()}',
      '    for project in owners.values():',
      '        project.save()',
      '    names = {p.pk: p.name for p in Project.objects.all()}',
      '    for key, name in names.items():',
      '        name.save()',
    ].join('\n');
    expect(shows.uses(keyed)).toEqual([
      ['web_check', 2, 'read', 'write'],
      ['web_project', 7, 'read', 'write'],
    ]);
  });

  it("saves a row whose model the code tells: not by its name alone, nor by a keyword argument's value", () => {
    const form = [
      'def submit(form, page):',
      '    check = Check.objects.get(id=1)',
      '    check.save()',
      '    page_obj = Page.objects.get(id=1)',
      '    form = PageForm(data, form=page_obj)',
      '    form.save()',
      '    page.save()',
    ].join('\n');
    expect(shows.uses(form)).toEqual([
      ['web_check', 2, 'read', 'write'],
      ['web_page', 4, 'read'],
    ]);
  });
});

describe('Django multi-table inheritance', () => {
  const places = project({
    'places/models.py': [
      'from django.db import models',
      '',
      'class Owner(models.Model):',
      '    name = models.CharField(max_length=40)',
      '',
      'class Place(models.Model):',
      '    owner = models.ForeignKey(Owner, models.CASCADE)',
      '',
      'class Review(models.Model):',
      '    place = models.ForeignKey(Place, models.CASCADE)',
      '',
      'class Listed(Place):',
      '    class Meta:',
      '        proxy = True',
      '',
      'class Kiosk(Place):',
      '    window = models.BooleanField()',
    ].join('\n'),
    'food/models.py': [
      'from django.db import models',
      'from places.models import Place',
      '',
      'class Restaurant(Place):',
      '    serves_pizza = models.BooleanField()',
      '',
      'class Dish(models.Model):',
      '    restaurant = models.ForeignKey(Restaurant, models.CASCADE)',
    ].join('\n'),
  });

  it("links a concrete model's child to it by Django's implicit one-to-one field; a proxy model has its base's table", () => {
    expect(places.relations.fields.filter((f) => f.parent).map((f) => [f.model, f.field, f.kind, f.target, f.query, f.table.table, f.parent?.table])).toEqual([
      ['Kiosk', 'place_ptr', 'o2o', 'Place', 'kiosk', 'places_kiosk', 'places_place'],
      ['Restaurant', 'place_ptr', 'o2o', 'Place', 'restaurant', 'food_restaurant', 'places_place'],
    ]);
    expect(places.refs.get('places/models.py')!.map((r) => [r.model, r.table])).toContainEqual(['Listed', 'places_place']);
  });

  it("reads and writes the child's rows in both tables, with the parent's fields and its way back from the parent", () => {
    expect(places.uses('def pizzas():\n    return Restaurant.objects.filter(serves_pizza=True, owner__name="x")\n')).toEqual([
      ['food_restaurant', 2, 'read'],
      ['places_place', 2, 'read'],
      ['places_owner', 2, 'read'],
    ]);
    expect(places.uses('def open_one():\n    Restaurant.objects.create(serves_pizza=True)\n')).toEqual([
      ['food_restaurant', 2, 'write'],
      ['places_place', 2, 'write'],
    ]);
    expect(places.uses('def has_pizza(place):\n    return place.restaurant.serves_pizza\n')).toEqual([
      ['food_restaurant', 2, 'read'],
      ['places_place', 2, 'read'],
    ]);
  });

  it("deletes the parent's part and what cascades from it, and a parent's delete reaches its children, not its siblings from a child", () => {
    expect(places.uses('def close():\n    Restaurant.objects.filter(serves_pizza=False).delete()\n')).toEqual([
      ['food_restaurant', 2, 'write'],
      ['places_place', 2, 'write'],
      ['food_dish', 2, 'write'],
      ['places_review', 2, 'write'],
    ]);
    expect(places.uses('def close():\n    Place.objects.filter(id=1).delete()\n')).toEqual([
      ['places_place', 2, 'write'],
      ['places_review', 2, 'write'],
      ['places_kiosk', 2, 'write'],
      ['food_restaurant', 2, 'write'],
      ['food_dish', 2, 'write'],
    ]);
  });
});

describe("Django's generic relations", () => {
  const marks = project({
    'tags/models.py': [
      'from django.contrib.contenttypes.fields import GenericForeignKey',
      'from django.contrib.contenttypes.models import ContentType',
      'from django.db import models',
      '',
      'class TaggedItem(models.Model):',
      '    tag = models.SlugField()',
      '    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE)',
      '    object_id = models.PositiveIntegerField()',
      "    content_object = GenericForeignKey('content_type', 'object_id')",
    ].join('\n'),
    'marks/models.py': [
      'from django.contrib.contenttypes.fields import GenericRelation',
      'from django.db import models',
      'from tags.models import TaggedItem',
      '',
      'class Bookmark(models.Model):',
      '    url = models.URLField()',
      "    tags = GenericRelation(TaggedItem, related_query_name='bookmark')",
      '',
      'class Note(models.Model):',
      "    labels = GenericRelation('tags.TaggedItem')",
    ].join('\n'),
  });

  it("reads a GenericRelation as the reverse of a key of the named model's rows", () => {
    expect(marks.relations.fields.filter((f) => f.kind === 'generic').map((f) => [f.model, f.field, f.target, f.manager, f.query, f.table.table])).toEqual([
      ['TaggedItem', 'bookmark', 'Bookmark', 'tags', 'tags', 'tags_taggeditem'],
      ['TaggedItem', '', 'Note', 'labels', 'labels', 'tags_taggeditem'],
    ]);
  });

  it("reaches the tagged rows by the field's manager and lookups, back by related_query_name, and deletes them with the row", () => {
    expect(marks.uses('def tag(bookmark):\n    bookmark.tags.create(tag="django")\n    return bookmark.tags.count()\n')).toEqual([
      ['tags_taggeditem', 2, 'read', 'write'],
    ]);
    expect(marks.uses('def tagged():\n    return Bookmark.objects.filter(tags__tag="django")\n')).toEqual([
      ['marks_bookmark', 2, 'read'],
      ['tags_taggeditem', 2, 'read'],
    ]);
    expect(marks.uses('def tagged():\n    return TaggedItem.objects.filter(bookmark__url__startswith="https")\n')).toEqual([
      ['tags_taggeditem', 2, 'read'],
      ['marks_bookmark', 2, 'read'],
    ]);
    expect(marks.uses('def drop(note):\n    Note.objects.filter(id=1).delete()\n')).toEqual([
      ['marks_note', 2, 'write'],
      ['tags_taggeditem', 2, 'write'],
    ]);
  });
});

describe('Django relations naming a model two apps have', () => {
  const apps = project({
    'crm/models.py': ['from django.db import models', '', 'class Tag(models.Model):', '    name = models.CharField(max_length=20)'].join('\n'),
    'tasks/models.py': [
      'from django.db import models',
      '',
      'class Tag(models.Model):',
      '    name = models.CharField(max_length=20)',
      '',
      'class Task(models.Model):',
      "    tags = models.ManyToManyField('Tag')",
      "    label = models.ForeignKey('crm.Tag', models.CASCADE)",
    ].join('\n'),
  });

  it("reaches the one of the app written, else the declaring file's app's", () => {
    expect(apps.relations.fields.map((f) => [f.field, f.target, f.targetTable?.table])).toEqual([
      ['tags', 'Tag', 'tasks_tag'],
      ['label', 'Tag', 'crm_tag'],
    ]);
    expect(apps.uses('def tagged():\n    return Task.objects.filter(tags__name="x", label__name="y")\n')).toEqual([
      ['tasks_task', 2, 'read'],
      ['tasks_task_tags', 2, 'read'],
      ['tasks_tag', 2, 'read'],
      ['crm_tag', 2, 'read'],
    ]);
  });
});

describe('Django relation fields an abstract model of another file declares', () => {
  const abstract = [
    'from django.db import models',
    '',
    'class AbstractProduct(models.Model):',
    '    title = models.CharField(max_length=40)',
    '    product_class = models.ForeignKey("catalogue.ProductClass", on_delete=models.PROTECT, related_name="products")',
    '    objects_live = LiveManager()',
    '',
    '    class Meta:',
    '        abstract = True',
  ].join('\n');
  const concrete = [
    'from django.db import models',
    'from shop.catalogue.abstract_models import AbstractProduct',
    '',
    'class ProductClass(models.Model):',
    '    name = models.CharField(max_length=40)',
    '',
    'class Product(AbstractProduct):',
    '    upc = models.CharField(max_length=64)',
  ].join('\n');
  const { relations, uses } = project({ 'shop/catalogue/abstract_models.py': abstract, 'shop/catalogue/models.py': concrete });

  it('gives the concrete child those fields and managers, its relations read whole', () => {
    expect(relations.fields.filter((f) => f.model === 'Product').map((f) => `${f.field} → ${f.target} (${f.manager})`)).toEqual([
      'product_class → ProductClass (products)',
    ]);
    expect(relations.managers.get('Product')).toEqual(['objects_live']);
    expect(relations.complete.has('Product')).toBe(true);
    expect(uses('def f(kind: ProductClass):\n    return kind.products.all()\n')).toEqual([['catalogue_product', 2, 'read']]);
  });
});
