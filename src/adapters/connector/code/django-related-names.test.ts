import { describe, expect, it } from 'vitest';
import { djangoRelatedNames } from './django-related-names.js';
import { ormModelUses, ormTableRefs } from './orm-refs.js';

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
  const refs = new Map([[path, ormTableRefs(models, 'python', path)]]);
  const related = djangoRelatedNames([{ path, text: models, language: 'python' }], refs);

  it("reads the managers a foreign key's or a many-to-many field's related_name gives the other model", () => {
    // '+' gives no manager; a one-to-one field's related name is a row
    expect([...related].map(([name, ref]) => [name, ref?.table])).toEqual([
      ['seats', 'members_seat'],
      ['badges', 'members_badge_teams'],
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
    expect(ormModelUses(view, 'python', refs.get(path)!, { djangoRelatedNames: related })).toEqual([
      { table: 'members_seat', line: 2, via: 'django', access: ['read'] },
      { table: 'members_badge_teams', line: 4, via: 'django', access: ['write'] },
    ]);
    // not a manager call: `.seats` alone, or a method no manager has
    expect(ormModelUses('n = len(flight.seats)\nflight.seats.book(3)\n', 'python', refs.get(path)!, { djangoRelatedNames: related })).toEqual([]);
  });
});
