import { describe, expect, it } from 'vitest';
import { gormReader } from './gorm-models.js';
import { collectUses, type ProjectFile } from './orm-reader.js';

const go = (path: string, ...lines: string[]): ProjectFile => ({ path, text: lines.join('\n'), language: 'go' });

const MODELS = go(
  'models/models.go',
  'package models',
  '',
  'type Company struct {',
  '\tgorm.Model',
  '\tName string',
  '}',
  '',
  'type User struct {',
  '\tID        uint `gorm:"primaryKey"`',
  '\tCompanyID int',
  '\tCompany   Company',
  '\tCards     []CreditCard',
  '\tLanguages []Language `gorm:"many2many:user_languages;"`',
  '}',
  '',
  'type CreditCard struct {',
  '\tgorm.Model',
  '\tNumber string',
  '\tUserID uint',
  '}',
  '',
  'type Language struct {',
  '\tCode string `gorm:"primaryKey"`',
  '}',
  '',
  'type UserProfile struct {',
  '\tgorm.Model',
  '}',
  '',
  'func (UserProfile) TableName() string {',
  '\treturn "profiles"',
  '}',
  '',
  'type Options struct {',
  '\tVerbose bool',
  '}',
);

const project = (...files: ProjectFile[]) =>
  gormReader.project!(files, new Map(files.map((f) => [f.path, gormReader.declared(f).map((r) => ({ ...r, access: ['schema' as const] }))])));

const tablesOf = (files: ProjectFile[]) => {
  const p = project(...files);
  return files.flatMap((f) => [...gormReader.declared(f), ...(p.declared?.get(f.path) ?? [])].map((r) => `${r.model} ${r.table} ${f.path}:${r.line}`));
};

describe('GORM models', () => {
  it("maps a model struct to its table by GORM's naming, TableName() first; a struct no GORM code names is no model", () => {
    expect(tablesOf([MODELS])).toEqual([
      'UserProfile profiles models/models.go:30',
      'Company companies models/models.go:3',
      'User users models/models.go:8',
      'CreditCard credit_cards models/models.go:16',
      'Language languages models/models.go:22',
    ]);
  });

  it("takes a plain struct AutoMigrate names, and the project's naming strategy", () => {
    const plain = go('store/product.go', 'package store', '', 'type Product struct {', '\tID   uint', '\tCode string', '}');
    const main = go(
      'main.go',
      'package main',
      '',
      'func main() {',
      '\tdb, _ := gorm.Open(postgres.Open(dsn), &gorm.Config{NamingStrategy: schema.NamingStrategy{TablePrefix: "shop_", SingularTable: true}})',
      '\tdb.AutoMigrate(&store.Product{})',
      '}',
    );
    expect(tablesOf([plain, main])).toEqual(['Product shop_product store/product.go:3']);
  });

  it('reads the joins: belongs-to, has-many by the other model’s key, many2many join tables with both keys', () => {
    const joins = project(MODELS).joins!.get('models/models.go')!;
    expect(joins.map((j) => `${j.table}.${j.columns.join()} = ${j.references}.${j.referencedColumns.join()} :${j.line}`)).toEqual([
      'users.company_id = companies.id :11',
      'credit_cards.user_id = users.id :12',
      'user_languages.user_id = users.id :13',
      'user_languages.language_id = languages.code :13',
    ]);
  });

  it('links the calls of a *gorm.DB chain on a model value to its table, reading or writing by the chain', () => {
    const handler = go(
      'handlers/users.go',
      'package handlers',
      '',
      'func List(db *gorm.DB) []models.User {',
      '\tvar users []models.User',
      '\tdb.Where("active = ?", true).Find(&users)',
      '\treturn users',
      '}',
      '',
      'func Rename(db *gorm.DB, card *models.CreditCard) {',
      '\tdb.Model(&models.Company{}).Where("id = ?", 1).Update("name", "x")',
      '\tdb.Save(card)',
      '\tdb.Table("audit_log").Create(map[string]any{"at": 1})',
      '\t// db.Delete(&models.UserProfile{}, 1)',
      '}',
    );
    const uses = project(MODELS, handler).uses!;
    expect(collectUses(handler.text, (use) => uses(handler, use)).map((u) => `${u.table}:${u.line} ${u.access?.join()}`)).toEqual([
      'users:5 read',
      'companies:10 write',
      'credit_cards:11 write',
      'audit_log:12 write',
    ]);
  });
});
