import { describe, expect, it } from 'vitest';
import { ormModelUses, ormTableRefs } from './orm-refs.js';
import { customRepositories, namedNativeRuns, projectNamedQueries, projectRepositories, type CustomRepository } from './orm-repositories.js';
import { sqlRefs } from '../queries/sql-refs.js';
import { projectConstants } from '../text/string-constants.js';

/** The project's entities, beside the repositories read. */
const models = ormTableRefs(
  [
    '@Entity @Table(name = "owners") public class Owner {}',
    '@Entity @Table(name = "pets") public class Pet {}',
    '@Entity @Table(name = "visits") public class Visit {}',
  ].join('\n'),
  'java',
  'src/main/java/a/Model.java',
);

/** A file's language, by its extension: Kotlin's `.kt`, else Java. */
const languageOf = (path: string) => (path.endsWith('.kt') ? 'kotlin' : 'java');

/** The repositories of the project whose files are these, each given as its lines by path. */
const projectOf = (files: Record<string, string[]>) =>
  projectRepositories(Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: languageOf(path) })));

/** Each repository a file of the project defines, as its name, its entity and its methods' accesses. */
const summaryOf = (project: ReadonlyMap<string, CustomRepository[]>) => (path: string) => project.get(path)?.map((r) => [r.name, r.entity, r.methods]);

/** Each of these files, a DAO of Pet declared on its line 2, reads and writes pets there. */
function expectPetsDeclared(files: Record<string, string[]>): void {
  const project = projectOf(files);
  for (const [path, lines] of Object.entries(files)) {
    const uses = ormModelUses(lines.join('\n'), languageOf(path), models, { repositories: [...project.values()].flat(), own: project.get(path) ?? [] });
    expect(uses.map((u) => [u.table, u.line, u.access])).toEqual([['pets', 2, ['read', 'write']]]);
  }
}

/** A @Repository class whose entity manager's calls name two entities. */
const clinicDao = [
  '@Repository',
  'public class ClinicDao {',
  '  @Autowired private EntityManager em;',
  '  public Pet pet(int id) { return em.find(Pet.class, id); }',
  '  public void addOwner() { em.persist(new Owner()); }',
  '}',
];

describe('hand-written Spring DAOs: a @Repository class without a Spring Data base, read by its entity manager calls', () => {
  const files = {
    'JpaOwnerDao.java': [
      '@Repository',
      'public class JpaOwnerDao implements OwnerDao {',
      '  @PersistenceContext',
      '  private EntityManager em;',
      '  private static final Logger log = LoggerFactory.getLogger(JpaOwnerDao.class);',
      '',
      '  public Owner findById(int id) {',
      '    return this.em.find(Owner.class, id);',
      '  }',
      '',
      '  @SuppressWarnings("unchecked")',
      '  public Collection<Owner> findByLastName(String lastName) {',
      '    Query query = this.em.createQuery("SELECT DISTINCT owner FROM Owner owner LEFT JOIN FETCH owner.pets " +',
      '        "WHERE owner.lastName LIKE :lastName");',
      '    return query.getResultList();',
      '  }',
      '',
      '  @Transactional',
      '  public void store(Owner owner) throws DataAccessException {',
      '    if (owner.getId() == null) this.em.persist(owner);',
      '    else this.em.merge(owner);',
      '  }',
      '',
      '  public int purge(String city) {',
      '    return em.createQuery("delete from Owner o where o.city = :city").executeUpdate();',
      '  }',
      '}',
    ],
    'OwnerDao.java': ['public interface OwnerDao {', '  Owner findById(int id);', '  Collection<Owner> findByLastName(String lastName);', '}'],
    'JdbcOwnerDao.java': [
      '@Repository',
      'public class JdbcOwnerDao implements OwnerDao {',
      '  private final JdbcTemplate jdbc;',
      '  public Owner findById(int id) {',
      '    return jdbc.queryForObject("SELECT * FROM owners WHERE id = ?", mapper, id);',
      '  }',
      '}',
    ],
    'VisitDao.kt': [
      '@Repository',
      'class VisitDao(private val entityManager: EntityManager) {',
      '    fun add(visit: Visit) {',
      '        entityManager.persist(visit)',
      '    }',
      '    fun recent(): List<Visit> {',
      '        return entityManager.createQuery("select v from Visit v order by v.date desc", Visit::class.java).resultList',
      '    }',
      '}',
    ],
    'ClinicDao.java': clinicDao,
    'OwnerService.java': [
      '@Service',
      'public class OwnerService {',
      '  @PersistenceContext private EntityManager em;',
      '  public Owner owner(int id) { return em.find(Owner.class, id); }',
      '}',
    ],
  };
  const project = projectOf(files);
  const summary = summaryOf(project);
  const owners = { findById: ['read'], findByLastName: ['read'], store: ['write'], purge: ['write'] };

  it('stands for the one entity its find/persist/merge/remove/createQuery calls name, with what each method does; so does the interface it implements', () => {
    expect(summary('JpaOwnerDao.java')).toEqual([
      ['JpaOwnerDao', 'Owner', owners],
      ['OwnerDao', 'Owner', owners], // the JDBC implementation says nothing of entities
    ]);
    expect(summary('VisitDao.kt')).toEqual([['VisitDao', 'Visit', { add: ['write'], recent: ['read'] }]]);
  });

  it('is none when its calls name two entities, when it reaches none through an entity manager, or when it is no @Repository', () => {
    expect(project.has('ClinicDao.java')).toBe(false);
    expect(project.has('JdbcOwnerDao.java')).toBe(false);
    expect(project.has('OwnerService.java')).toBe(false);
  });

  it('read alone, a class that implements a type may serve a Spring Data repository read elsewhere, and is no DAO', () => {
    expect(customRepositories(files['JpaOwnerDao.java'].join('\n'), 'java')).toEqual([]);
    expect(customRepositories(files['VisitDao.kt'].join('\n'), 'kotlin').map((r) => [r.name, r.entity, r.dao])).toEqual([['VisitDao', 'Visit', true]]);
  });

  it('reads and writes its entity where it is declared, and callers reach it through the class or its interface by the method', () => {
    const repositories = [...project.values()].flat();
    const uses = (text: string, path: string, language = 'java') =>
      ormModelUses(text, language, models, { repositories, own: project.get(path) ?? [] }).map((u) => [u.table, u.line, u.access]);
    expect(uses(files['JpaOwnerDao.java'].join('\n'), 'JpaOwnerDao.java')).toEqual([['owners', 2, ['read', 'write']]]);
    expect(uses(files['VisitDao.kt'].join('\n'), 'VisitDao.kt', 'kotlin')).toEqual([['visits', 2, ['read', 'write']]]);
    const service = [
      '@Service',
      'class Front {',
      '  private final OwnerDao owners;',
      '  private final VisitDao visits;',
      '  void run() {',
      '    owners.findByLastName("F");',
      '    visits.add(new Visit());',
      '  }',
      '}',
    ].join('\n');
    expect(uses(service, 'Front.java')).toEqual([
      ['owners', 6, ['read']],
      ['visits', 7, ['write']],
    ]);
  });
});

describe('a query held in a variable counts by its JPQL as one called at once', () => {
  const files = {
    'PetDao.java': [
      '@Repository',
      'public class PetDao {',
      '  @PersistenceContext private EntityManager em;',
      '  public List<Pet> unborn(String kind) {',
      '    TypedQuery<Pet> q = em.createQuery("select p from Pet p where p.born is null and p.kind = :kind", Pet.class);',
      '    q.setParameter("kind", kind);',
      '    return q.getResultList();',
      '  }',
      '  public int purge() {',
      '    Query q =',
      '        em.createQuery("delete from Pet p where p.dead = true");',
      '    return q.executeUpdate();',
      '  }',
      '}',
    ],
    'PetDao.kt': [
      '@Repository',
      'class PetDao(private val em: EntityManager) {',
      '    fun purge(id: Long): Int {',
      '        val q = em.createQuery("delete from Pet p where p.id = :id")',
      '        q.setParameter("id", id)',
      '        return q.executeUpdate()',
      '    }',
      '    fun unborn(): List<Pet> {',
      '        val q: TypedQuery<Pet> = em.createQuery("select p from Pet p where p.born is null", Pet::class.java)',
      '        return q.resultList',
      '    }',
      '}',
    ],
  };
  const project = projectOf(files);

  it('a select held reads, an update or delete held writes, in Java and Kotlin alike', () => {
    for (const path of Object.keys(files))
      expect(project.get(path)?.map((r) => [r.name, r.entity, r.methods])).toEqual([['PetDao', 'Pet', { unborn: ['read'], purge: ['write'] }]]);
  });

  it('the DAO reads and writes where it is declared', () => expectPetsDeclared(files));
});

describe('JPQL held by a name the method or the class assigns it to is read as one written in the call', () => {
  const files = {
    'PetDao.java': [
      '@Repository',
      'public class PetDao {',
      '  private static final String UNBORN = "select p from Pet p where p.born is null";',
      '  private static final String PURGE = "delete from Pet p " +',
      '      "where p.dead = true";',
      '  @PersistenceContext private EntityManager em;',
      '  public List<Pet> unborn() { return em.createQuery(UNBORN, Pet.class).getResultList(); }',
      '  public int purge() { return em.createQuery(PURGE).executeUpdate(); }',
      '  public List<Pet> byKind(String kind) {',
      '    String jpql = "select p from Pet p";',
      '    jpql += " where p.kind = :kind";',
      '    return em.createQuery(jpql, Pet.class).setParameter("kind", kind).getResultList();',
      '  }',
      '  public int rename(String name) {',
      '    String jpql = "update Pet p set p.name = :name";',
      '    return em.createQuery(jpql).setParameter("name", name).executeUpdate();',
      '  }',
      '  public int adopt() { return em.createQuery(PetQueries.ADOPT + " where p.owner is null").executeUpdate(); }',
      '  public static final String ADOPT = "update Pet p set p.adopted = true";',
      '}',
    ],
    'PetDao.kt': [
      '@Repository',
      'class PetDao(private val em: EntityManager) {',
      '    fun unborn(): List<Pet> {',
      '        val q = "select p from Pet p where p.born is null"',
      '        return em.createQuery(q, Pet::class.java).resultList',
      '    }',
      '    fun purge(): Int = em.createQuery(PURGE).executeUpdate()',
      '    companion object {',
      '        private const val PURGE = """',
      '            delete from Pet p',
      '            where p.dead = true',
      '        """',
      '    }',
      '}',
    ],
  };
  const project = projectOf(files);

  it("reads a method's own variable, a class constant (concatenated, qualified) and a Kotlin val or const val, each by its statement", () => {
    expect(project.get('PetDao.java')?.map((r) => [r.name, r.entity, r.methods])).toEqual([
      ['PetDao', 'Pet', { unborn: ['read'], purge: ['write'], byKind: ['read'], rename: ['write'], adopt: ['write'] }],
    ]);
    expect(project.get('PetDao.kt')?.map((r) => [r.name, r.entity, r.methods])).toEqual([['PetDao', 'Pet', { unborn: ['read'], purge: ['write'] }]]);
  });

  it('the DAO reads and writes where it is declared', () => expectPetsDeclared(files));

  it('a name the class assigns two strings (a field and its constructor), or a parameter, holds none', () => {
    const dao = [
      '@Repository',
      'public class VisitDao {',
      '  @PersistenceContext private EntityManager em;',
      '  private String q = "select v from Visit v";',
      '  public VisitDao(boolean all) { if (all) q = "select o from Owner o"; }',
      '  public List<Visit> all() { return em.createQuery(q).getResultList(); }',
      '  public List<Visit> by(String jpql) { return em.createQuery(jpql).getResultList(); }',
      '  public List<Visit> recent() {',
      '    String jpql = "select v from Visit v order by v.date desc";',
      '    return em.createQuery(jpql).getResultList();',
      '  }',
      '}',
    ];
    // `by`'s parameter is no other method's variable
    expect(customRepositories(dao.join('\n'), 'java').map((r) => [r.name, r.entity, r.methods])).toEqual([['VisitDao', 'Visit', { recent: ['read'] }]]);
  });
});

describe("a named query is read by its entity's @NamedQuery, wherever the project declares it", () => {
  const files = {
    'Pet.java': [
      '@Entity',
      '@Table(name = "pets")',
      '@NamedQueries({',
      '  @NamedQuery(name = "Pet.unborn", query = "select p from Pet p where p.born is null"),',
      '  @NamedQuery(query = "delete from Pet p " + "where p.name = \'name = x\'", name = PURGE)',
      '})',
      '@NamedQuery(name = "Pet.adopt", query = "update Pet p set p.adopted = true where p.owner = :owner")',
      'public class Pet {',
      '  public static final String PURGE = "Pet.purge";',
      '}',
    ],
    'Visit.kt': [
      '@Entity',
      '@NamedQueries(',
      '    NamedQuery(name = "Visit.recent", query = "select v from Visit v order by v.date desc"),',
      '    NamedQuery(name = "Visit.prune", query = """delete from Visit v where v.date < :before"""),',
      ')',
      'class Visit',
    ],
    'PetDao.java': [
      '@Repository',
      'public class PetDao {',
      '  @PersistenceContext private EntityManager em;',
      '  public List<Pet> unborn() { return em.createNamedQuery("Pet.unborn", Pet.class).getResultList(); }',
      '  public int purge() { return em.createNamedQuery("Pet.purge").executeUpdate(); }',
      '  public int prune() { return em.createNamedQuery(Pet.PURGE).executeUpdate(); }',
      '  public int adopt(Owner o) { return em.createNamedQuery("Pet.adopt").setParameter("owner", o).executeUpdate(); }',
      '}',
    ],
    'VisitDao.kt': [
      '@Repository',
      'class VisitDao(private val em: EntityManager) {',
      '    fun recent(): List<Visit> = em.createNamedQuery("Visit.recent", Visit::class.java).resultList',
      '    fun prune(before: LocalDate): Int = em.createNamedQuery("Visit.prune").setParameter("before", before).executeUpdate()',
      '}',
    ],
    'PetRepository.java': [
      'public interface PetRepository extends JpaRepository<Pet, Integer> {',
      '  @Query(name = "Pet.adopt")',
      '  int adoptAll(@Param("owner") Owner owner);',
      '  @Query(name = "Pet.unborn")',
      '  List<Pet> unbornPets();',
      '  @Query(name = Pet.PURGE)',
      '  int purgeAll();',
      '}',
    ],
  };
  const project = projectOf(files);
  const summary = summaryOf(project);

  it("follows an entity manager's createNamedQuery to the @NamedQuery of another file (alone, in @NamedQueries, Kotlin's), its name held by a constant or not", () => {
    // `Pet.PURGE` names the query as the entity's annotation does (`name = PURGE` in `class Pet`)
    expect(summary('PetDao.java')).toEqual([['PetDao', 'Pet', { unborn: ['read'], purge: ['write'], prune: ['write'], adopt: ['write'] }]]);
    expect(summary('VisitDao.kt')).toEqual([['VisitDao', 'Visit', { recent: ['read'], prune: ['write'] }]]);
  });

  it("follows Spring Data's @Query(name = …) to the named query's statement", () => {
    expect(summary('PetRepository.java')).toEqual([['PetRepository', 'Pet', { adoptAll: ['write'], unbornPets: ['read'], purgeAll: ['write'] }]]);
  });

  it('the DAO reads and writes where it is declared', () => {
    const uses = ormModelUses(files['PetDao.java'].join('\n'), 'java', models, {
      repositories: [...project.values()].flat(),
      own: project.get('PetDao.java') ?? [],
    });
    expect(uses.map((u) => [u.table, u.line, u.access])).toEqual([['pets', 2, ['read', 'write']]]);
  });

  it('a name two files give different statements, or none gives, is followed nowhere', () => {
    const other = { 'Other.java': ['@Entity', '@NamedQuery(name = "Pet.adopt", query = "update Owner o set o.active = true")', 'public class Other {}'] };
    expect(
      projectOf({ ...files, ...other })
        .get('PetDao.java')
        ?.map((r) => r.methods),
    ).toEqual([{ unborn: ['read'], purge: ['write'], prune: ['write'] }]);
    const alone = projectOf({ 'PetDao.java': files['PetDao.java'] });
    expect(alone.has('PetDao.java')).toBe(false);
  });
});

describe("a Spring Data fragment's implementation, read by its entity manager calls as a DAO is", () => {
  const files = {
    'OwnerRepository.java': ['public interface OwnerRepository extends JpaRepository<Owner, Integer>, OwnerRepositoryCustom {}'],
    'OwnerRepositoryImpl.java': [
      'public class OwnerRepositoryImpl implements OwnerRepositoryCustom {',
      '  @PersistenceContext',
      '  private EntityManager em;',
      '  public Owner load(int id) {',
      '    return em.find(Owner.class, id);',
      '  }',
      '  @Transactional',
      '  public void rename(Owner owner) {',
      '    em.merge(owner);',
      '  }',
      '  public void visit(Owner owner) {',
      '    em.persist(new Visit(owner));',
      '  }',
      '}',
    ],
    'PetRepository.java': ['public interface PetRepository extends JpaRepository<Pet, Integer> {}'],
    'PetRepositoryImpl.java': [
      'public class PetRepositoryImpl {',
      '  @PersistenceContext private EntityManager em;',
      '  public void adopt(Owner owner, Visit visit) {',
      '    em.merge(owner);',
      '    em.persist(visit);',
      '  }',
      '  public List<Pet> unborn() {',
      '    return em.createQuery("select p from Pet p where p.born is null").getResultList();',
      '  }',
      '}',
    ],
  };
  const project = projectRepositories(Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: 'java' })));
  const summary = (path: string) => project.get(path)?.map((r) => [r.name, r.entity, r.methods, r.reaches]);
  const repositories = [...project.values()].flat();
  const uses = (text: string, path: string) =>
    ormModelUses(text, 'java', models, { repositories, own: project.get(path) ?? [] }).map((u) => [u.table, u.line, u.access]);

  it("lends its methods' accesses of the repository's entity to the repository, and reaches one other entity its calls name alone", () => {
    expect(summary('OwnerRepositoryImpl.java')).toEqual([
      ['OwnerRepositoryImpl', 'Owner', { load: ['read'], rename: ['write'] }, { Owner: ['read', 'write'], Visit: ['write'] }],
    ]);
    expect(summary('OwnerRepository.java')).toEqual([
      ['OwnerRepository', 'Owner', { load: ['read'], rename: ['write'] }, undefined],
      ['OwnerRepositoryCustom', 'Owner', { load: ['read'], rename: ['write'] }, undefined],
    ]);
    // two other entities named: neither
    expect(summary('PetRepositoryImpl.java')).toEqual([['PetRepositoryImpl', 'Pet', { unborn: ['read'] }, { Pet: ['read'] }]]);
  });

  it('reads and writes where it is declared, and callers of the repository reach its methods by what they do', () => {
    expect(uses(files['OwnerRepositoryImpl.java'].join('\n'), 'OwnerRepositoryImpl.java')).toEqual([
      ['owners', 1, ['read', 'write']],
      ['visits', 1, ['write']],
    ]);
    expect(uses(files['PetRepositoryImpl.java'].join('\n'), 'PetRepositoryImpl.java')).toEqual([['pets', 1, ['read']]]);
    const service = ['class Front {', '  private final OwnerRepository owners;', '  void run(Owner o) {', '    owners.rename(o);', '  }', '}'].join('\n');
    expect(uses(service, 'Front.java')).toEqual([['owners', 4, ['write']]]);
  });
});

describe('Kotlin methods with an expression body, read as block bodies are', () => {
  const files = {
    'OwnerDao.kt': [
      '@Repository',
      'class OwnerDao(private val em: EntityManager) {',
      '    fun find(id: Long): Owner? = em.find(Owner::class.java, id)',
      '    fun load(id: Long): Owner = em.find(Owner::class.java, id)!!',
      '    fun add(owner: Owner) {',
      '        em.persist(owner)',
      '    }',
      '    override fun byCity(city: String): List<Owner> =',
      '        em.createQuery("select o from Owner o where o.city = :city", Owner::class.java)',
      '            .setParameter("city", city)',
      '            .resultList',
      '    @Transactional',
      '    fun rename(owner: Owner) = em.merge(owner).also { log.info("renamed {}", it.id) }',
      '    fun count() = 3',
      '    fun purge(): Int = em.createQuery("delete from Owner o").executeUpdate()',
      '}',
    ],
    'PetRepository.kt': [
      'interface PetRepository : JpaRepository<Pet, Long>, PetRepositoryCustom',
      'interface PetRepositoryCustom { fun drop(pet: Pet) }',
      'class PetRepositoryImpl(private val em: EntityManager) : PetRepositoryCustom {',
      '    override fun drop(pet: Pet) = em.remove(pet)',
      '}',
    ],
    'VisitDao.kt': [
      '@Repository',
      'class VisitDao(private val em: EntityManager) {',
      '    fun find(id: Long): Visit? = em.find(Visit::class.java, id)',
      '    fun owner(id: Long): Owner? =',
      '        em.find(Owner::class.java, id)',
      '}',
    ],
  };
  const project = projectRepositories(Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: 'kotlin' })));
  const summary = (path: string) => project.get(path)?.map((r) => [r.name, r.entity, r.methods]);

  it("reads a DAO's and a fragment implementation's methods from their expressions, each up to its line's end unless the expression goes on", () => {
    expect(summary('OwnerDao.kt')).toEqual([
      ['OwnerDao', 'Owner', { find: ['read'], load: ['read'], add: ['write'], byCity: ['read'], rename: ['write'], purge: ['write'] }],
    ]);
    expect(summary('PetRepository.kt')).toEqual([
      ['PetRepository', 'Pet', { drop: ['write'] }],
      ['PetRepositoryImpl', 'Pet', { drop: ['write'] }],
      ['PetRepositoryCustom', 'Pet', { drop: ['write'] }],
    ]);
    // an expression body's call names a second entity: no DAO
    expect(project.has('VisitDao.kt')).toBe(false);
  });

  it('runs an expression through a line left incomplete: after `if (…)`, `else`, an operator, an opening paren or `=`', () => {
    const dao = [
      '@Repository',
      'class PetDao(private val em: EntityManager) {',
      '    fun unborn(id: Long) = if (id > 0)',
      '        em.find(Pet::class.java, id)',
      '    else null',
      '    fun keep(pet: Pet, gone: Boolean) =',
      '        if (gone) Unit',
      '        else',
      '            em.merge(pet)',
      '    fun load(id: Long): Pet? = if (id < 0) null else if (id == 0L)',
      '        null',
      '    else em.find(Pet::class.java, id)',
      '    fun count() = if (true) 3 else 4',
      '}',
    ].join('\n');
    expect(customRepositories(dao, 'kotlin').map((r) => [r.name, r.entity, r.methods])).toEqual([
      ['PetDao', 'Pet', { unborn: ['read'], keep: ['write'], load: ['read'] }],
    ]);
  });

  it('writes the entity an entity manager finds or references to remove, merge or persist it', () => {
    const kotlin = [
      '@Repository',
      'class PetDao(private val em: EntityManager) {',
      '    fun remove(id: Long) = if (id > 0)',
      '        em.remove(em.find(Pet::class.java, id))',
      '    else Unit',
      '}',
    ];
    const java = [
      '@Repository',
      'public class PetDao {',
      '  @PersistenceContext private EntityManager em;',
      '  public void remove(long id) { this.em.remove(this.em.getReference(Pet.class, id)); }',
      '}',
    ];
    // a reference is no read; the find inside the remove is (see below)
    expect(customRepositories(java.join('\n'), 'java').map((r) => [r.name, r.entity, r.methods])).toEqual([['PetDao', 'Pet', { remove: ['write'] }]]);
    expect(customRepositories(kotlin.join('\n'), 'kotlin').map((r) => r.methods?.remove)).toEqual([['read', 'write']]);
  });

  it('reads the entity an entity manager finds inside another call: em.remove(em.find(Pet.class, id)) reads and writes Pet', () => {
    const java = [
      '@Repository',
      'public class PetDao {',
      '  @PersistenceContext private EntityManager em;',
      '  public void remove(long id) { em.remove(em.find(Pet.class, id)); }',
      '  public Pet keep(long id) { return this.em.merge(this.em.find(Pet.class, id)); }',
      '}',
    ];
    expect(customRepositories(java.join('\n'), 'java').map((r) => [r.name, r.entity, r.methods])).toEqual([
      ['PetDao', 'Pet', { remove: ['read', 'write'], keep: ['read', 'write'] }],
    ]);
  });

  it('the DAO reads and writes where it is declared', () => {
    const uses = ormModelUses(files['OwnerDao.kt'].join('\n'), 'kotlin', models, {
      repositories: [...project.values()].flat(),
      own: project.get('OwnerDao.kt') ?? [],
    });
    expect(uses.map((u) => [u.table, u.line, u.access])).toEqual([['owners', 2, ['read', 'write']]]);
  });
});

describe("a Spring Data @Query's statement held by a constant says what the method does, as one written there", () => {
  const files = {
    'PetRepository.java': [
      'public interface PetRepository extends JpaRepository<Pet, Integer> {',
      '  String PURGE = "delete from Pet p where p.dead = true";',
      '  String RENAME = "update Pet p " +',
      '      "set p.name = :name";',
      '  String UNBORN = "select p from Pet p where p.born is null";',
      '  String ARCHIVE = "INSERT INTO pets_archive SELECT * FROM pets WHERE dead";',
      '  @Query(PURGE)',
      '  int purgeDead();',
      '  @Query(value = RENAME)',
      '  int rename(@Param("name") String name);',
      '  @Query(UNBORN)',
      '  List<Pet> unborn();',
      '  @Query(value = ARCHIVE, nativeQuery = true)',
      '  void archive();',
      '}',
    ],
    'VisitRepository.kt': [
      'interface VisitRepository : CrudRepository<Visit, Long> {',
      '    @Query(PRUNE)',
      '    fun prune(): Int',
      '    @Query(value = RECENT)',
      '    fun recent(): List<Visit>',
      '    companion object {',
      '        const val PRUNE = """',
      '            delete from Visit v where v.date < current_date',
      '        """',
      '        const val RECENT = "select v from Visit v order by v.date desc"',
      '    }',
      '}',
    ],
  };
  const summary = summaryOf(projectOf(files));

  it('an update, delete or insert held (JPQL or native SQL, concatenated, a Kotlin raw string) writes without @Modifying; a select held reads', () => {
    expect(summary('PetRepository.java')).toEqual([
      ['PetRepository', 'Pet', { purgeDead: ['write'], rename: ['write'], unborn: ['read'], archive: ['write'] }],
    ]);
    expect(summary('VisitRepository.kt')).toEqual([['VisitRepository', 'Visit', { prune: ['write'], recent: ['read'] }]]);
  });
});

describe("a Spring Data repository's method without @Query runs the entity's @NamedQuery of its name, when the project declares one", () => {
  const files = {
    'Pet.java': [
      '@Entity',
      '@Table(name = "pets")',
      '@NamedQuery(name = "Pet.findByOwner", query = "select p from Pet p where p.owner = :owner")',
      '@NamedQuery(name = "Pet.adoptAll", query = "update Pet p set p.adopted = true where p.owner = :owner")',
      '@NamedQuery(name = "Pet.unborn", query = "delete from Pet p where p.born is null")',
      'public class Pet {}',
    ],
    'Owner.java': ['@Entity', '@NamedQuery(name = "Owner.findByName", query = "delete from Owner o")', 'public class Owner {}'],
    'PetRepository.java': [
      'public interface PetRepository extends JpaRepository<Pet, Long> {',
      '  List<Pet> findByOwner(@Param("owner") Owner owner);',
      '  @Modifying',
      '  @Transactional',
      '  int adoptAll(@Param("owner") Owner owner);',
      '  List<Pet> findByName(String name);',
      '  @Query("select p from Pet p where p.born is null")',
      '  List<Pet> unborn();',
      '  default List<Pet> adopted(Owner owner) { adoptAll(owner); return findByOwner(owner); }',
      '}',
    ],
    'Visit.kt': [
      '@Entity',
      '@NamedQueries(',
      '    NamedQuery(name = "Visit.pruneBefore", query = "delete from Visit v where v.date < :date"),',
      '    NamedQuery(name = "Visit.countRecent", query = "select count(v) from Visit v where v.date > :date"),',
      ')',
      'class Visit',
    ],
    'VisitRepository.kt': [
      'interface VisitRepository : CrudRepository<Visit, Long> {',
      '    fun pruneBefore(date: LocalDate): Int',
      '    fun countRecent(date: LocalDate): Long = 0',
      '}',
    ],
  };
  const project = projectOf(files);
  const summary = summaryOf(project);

  it("reads the method by the named query's statement: an update or delete writes, a select reads; a @Query of its own still rules", () => {
    // findByName names Owner's query, not Pet's; countRecent has a body of its own
    expect(summary('PetRepository.java')).toEqual([['PetRepository', 'Pet', { unborn: ['read'], findByOwner: ['read'], adoptAll: ['write'] }]]);
    expect(summary('VisitRepository.kt')).toEqual([['VisitRepository', 'Visit', { pruneBefore: ['write'] }]]);
  });

  it('without the named query, a method is read by its name where it is called', () => {
    const alone = projectOf({ 'PetRepository.java': files['PetRepository.java'] });
    expect(summaryOf(alone)('PetRepository.java')).toEqual([['PetRepository', 'Pet', { unborn: ['read'] }]]);
  });

  it('callers write where the named query writes, though the name says nothing', () => {
    const service = ['class Adoption {', '  private final PetRepository pets;', '  void run(Owner o) {', '    pets.adoptAll(o);', '  }', '}'].join('\n');
    const uses = ormModelUses(service, 'java', models, { repositories: [...project.values()].flat(), own: [] });
    expect(uses.map((u) => [u.table, u.line, u.access])).toEqual([['pets', 4, ['write']]]);
  });
});

describe('a class that is no repository (a @Service) reads and writes where it is declared what its entity manager does', () => {
  const files = {
    'ClinicService.java': [
      '@Service',
      'public class ClinicService {',
      '  @PersistenceContext',
      '  private EntityManager em;',
      '  public List<Visit> visitsOf(Pet pet) {',
      '    return em.createQuery("select v from Visit v join Pet p on v.pet = p where p = :pet", Visit.class).setParameter("pet", pet).getResultList();',
      '  }',
      '  @Transactional',
      '  public int dropInactive() {',
      '    return em.createQuery("delete from Owner o where o.active = false").executeUpdate();',
      '  }',
      '  public List<Pet> unborn() { return em.createNamedQuery("Pet.unborn", Pet.class).getResultList(); }',
      '}',
    ],
    'VisitService.kt': [
      '@Service',
      'class VisitService(private val entityManager: EntityManager) {',
      '    @Transactional',
      '    fun close(): Int = entityManager.createQuery("update Visit v set v.done = true").executeUpdate()',
      '}',
    ],
    'ClinicDao.java': clinicDao,
    'Reports.java': [
      '@Service',
      'public class Reports {',
      '  private final JdbcTemplate jdbc;',
      '  public List<Owner> owners() { return jdbc.query("select * from owners", mapper); }',
      '}',
    ],
    'Pet.java': ['@Entity', '@NamedQuery(name = "Pet.unborn", query = "select p from Pet p where p.born is null")', 'public class Pet {}'],
  };
  const texts = Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: languageOf(path) }));
  const named = projectNamedQueries(texts);
  const project = projectRepositories(texts, named);
  const uses = (path: keyof typeof files) =>
    ormModelUses(files[path].join('\n'), languageOf(path), models, { repositories: [...project.values()].flat(), own: project.get(path) ?? [], named }).map(
      (u) => [u.table, u.line, u.access],
    );

  it("links each entity its JPQL names (from, join) with what the statement does, and a named query's, at the class's declaration", () => {
    expect(uses('ClinicService.java')).toEqual([
      ['visits', 2, ['read']],
      ['pets', 2, ['read']],
      ['owners', 2, ['write']],
    ]);
    expect(uses('VisitService.kt')).toEqual([['visits', 2, ['write']]]);
  });

  it('so does a @Repository class whose calls name two entities (no DAO); a class without an entity manager links none this way', () => {
    expect(project.has('ClinicDao.java')).toBe(false);
    expect(uses('ClinicDao.java')).toEqual([
      ['pets', 2, ['read']],
      ['owners', 2, ['write']],
    ]);
    expect(uses('Reports.java')).toEqual([]);
  });

  it('a DAO is linked as before, once', () => {
    const dao = [
      '@Repository',
      'public class PetDao {',
      '  @PersistenceContext private EntityManager em;',
      '  public Pet pet(int id) { return em.find(Pet.class, id); }',
      '}',
    ];
    expectPetsDeclared({ 'PetDao.java': [...dao.slice(0, 3), '  public void add(Pet pet) { em.persist(pet); }', ...dao.slice(3)] });
  });
});

describe("a @NamedNativeQuery's SQL is read as SQL where it is declared and wherever it is run by name", () => {
  const files = {
    'Pet.java': [
      '@Entity',
      '@Table(name = "pets")',
      '@NamedNativeQuery(name = "Pet.findOrphans",',
      '    query = "SELECT p.* FROM pets p LEFT JOIN owners o ON o.id = p.owner_id WHERE o.id IS NULL", resultClass = Pet.class)',
      '@NamedNativeQuery(name = "Pet.purgeDead", query = "delete from pets where dead")',
      '@NamedNativeQuery(name = NAMES, query = "select name from pets")',
      'public class Pet {',
      '  public static final String NAMES = "Pet.names";',
      '}',
    ],
    'PetRepository.java': [
      'public interface PetRepository extends JpaRepository<Pet, Long> {',
      '  List<Pet> findOrphans();',
      '  @Modifying',
      '  @Query(name = "Pet.purgeDead")',
      '  int purge();',
      '  List<Pet> findByName(String name);',
      '}',
    ],
    'PetReport.java': [
      '@Service',
      'public class PetReport {',
      '  @PersistenceContext private EntityManager em;',
      '  public List<String> names() { return em.createNamedQuery(Pet.NAMES).getResultList(); }',
      '}',
    ],
    'PetCleaner.kt': ['class PetCleaner(private val em: EntityManager) {', '    fun clean(): Int = em.createNamedQuery("Pet.purgeDead").executeUpdate()', '}'],
  };
  const texts = Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: languageOf(path) }));
  const named = projectNamedQueries(texts);
  const tables = async (path: keyof typeof files) => {
    const text = files[path].join('\n');
    return (await sqlRefs(text, languageOf(path), namedNativeRuns(text, languageOf(path), named))).tables.map((t) => [t.table, t.line, t.access]);
  };

  it('links its tables where declared, SQL that reads as prose too (select name from pets)', async () => {
    expect(await tables('Pet.java')).toEqual([
      ['pets', 4, ['read']],
      ['owners', 4, ['read']],
      ['pets', 5, ['write']],
      ['pets', 6, ['read']],
    ]);
  });

  it("links them where a repository's method runs it (derived or by @Query(name = …)) and where createNamedQuery names it, by a constant too", async () => {
    expect(await tables('PetRepository.java')).toEqual([
      ['pets', 2, ['read']],
      ['owners', 2, ['read']],
      ['pets', 4, ['write']],
    ]);
    expect(await tables('PetReport.java')).toEqual([['pets', 4, ['read']]]);
    expect(await tables('PetCleaner.kt')).toEqual([['pets', 2, ['write']]]);
  });

  it("says what the repository's methods do by its statement, as a JPQL named query's does", () => {
    expect(summaryOf(projectRepositories(texts, named))('PetRepository.java')).toEqual([['PetRepository', 'Pet', { purge: ['write'], findOrphans: ['read'] }]]);
  });
});

describe('a statement held by a constant another file of the project declares is read as one held in the file', () => {
  const files = {
    'src/main/java/org/clinic/Queries.java': [
      'package org.clinic;',
      'public final class Queries {',
      '  public static final String PETS = "select p from Pet p ";',
      '  public static final String FIND_BY_OWNER = PETS + "where p.owner.id = :owner";',
      '  public static final String PURGE_DEAD = "delete from Pet p where p.dead = true";',
      '  public static final String VISITS_OF = "select v from Visit v join v.pet p where p.owner.id = :id";',
      '  public static final String STALE = "Pet.stale";',
      '}',
    ],
    'src/main/java/org/clinic/Sql.java': [
      'package org.clinic;',
      'public interface Sql {',
      '  String DROP_ORPHANS = "DELETE FROM pets WHERE owner_id IS NULL";',
      '}',
    ],
    'src/main/kotlin/org/clinic/PetQueries.kt': [
      'package org.clinic',
      'object PetQueries {',
      '    const val ARCHIVE = """',
      '        update Pet p set p.archived = true',
      '    """',
      '}',
    ],
    'src/main/kotlin/org/clinic/VisitQueries.kt': ['package org.clinic', 'const val CLOSE_VISITS = "update Visit v set v.closed = true"'],
    'src/main/kotlin/org/clinic/owner/OwnerQueries.kt': [
      'package org.clinic.`owner`',
      'val ARCHIVE_OWNERS = "update Owner o set o.archived = true"',
      'class Vet { companion object Sql { const val RETIRE = "delete from Visit v where v.retired = true" } }',
    ],
    'src/main/java/org/clinic/a/Names.java': [
      'package org.clinic.a;',
      'public class Names { public static final String CLEAN = "delete from Owner o where o.pets is empty"; }',
    ],
    'src/main/java/org/clinic/b/Names.java': [
      'package org.clinic.b;',
      'public class Names { public static final String CLEAN = "delete from Visit v where v.done = true"; }',
    ],
    'src/main/java/org/clinic/Pet.java': ['@Entity', '@NamedQuery(name = Queries.STALE, query = "update Pet p set p.stale = true")', 'public class Pet {}'],
    'src/main/java/org/clinic/PetRepository.java': [
      'package org.clinic;',
      'import static org.clinic.Queries.FIND_BY_OWNER;',
      'public interface PetRepository extends JpaRepository<Pet, Long> {',
      '  @Query(Queries.PURGE_DEAD)',
      '  void purge();',
      '  @Query(value = Sql.DROP_ORPHANS, nativeQuery = true)',
      '  int dropOrphans();',
      '  @Query(FIND_BY_OWNER)',
      '  List<Pet> byOwner(int owner);',
      '  @Query(name = Queries.STALE)',
      '  int markStale();',
      '  @Query(org.clinic.a.Names.CLEAN)',
      '  int clean();',
      '}',
    ],
    'src/main/kotlin/org/clinic/PetArchive.kt': [
      'interface PetArchive : CrudRepository<Pet, Long> {',
      '    @Query(PetQueries.ARCHIVE)',
      '    fun archive(): Int',
      '}',
    ],
    'src/main/kotlin/org/clinic/web/VisitRepository.kt': [
      'package org.clinic.web',
      'import org.clinic.CLOSE_VISITS',
      'interface VisitRepository : CrudRepository<Visit, Long> {',
      '    @Query(CLOSE_VISITS)',
      '    fun close(): Int',
      '}',
    ],
    'src/main/java/org/clinic/ClinicService.java': [
      '@Service',
      'public class ClinicService {',
      '  @PersistenceContext private EntityManager em;',
      '  public List<Visit> visits(int id) { return em.createQuery(Queries.VISITS_OF, Visit.class).setParameter("id", id).getResultList(); }',
      '  public int purge() { return em.createQuery(Queries.PURGE_DEAD).executeUpdate(); }',
      '  public int clean() { return em.createQuery(Names.CLEAN).executeUpdate(); }',
      '  public int orphans() { return em.createNativeQuery(Sql.DROP_ORPHANS).executeUpdate(); }',
      '}',
    ],
    'src/main/kotlin/org/clinic/web/OwnerService.kt': [
      'package org.clinic.web',
      'import org.clinic.`owner`.ARCHIVE_OWNERS',
      '@Service',
      'class OwnerService(private val em: EntityManager) {',
      '    fun archive(): Int = em.createQuery(ARCHIVE_OWNERS).executeUpdate()',
      '    fun retire(): Int = em.createQuery(org.clinic.owner.Vet.Sql.RETIRE).executeUpdate()',
      '}',
    ],
    'src/main/java/org/clinic/OwnerRepository.java': [
      'public interface OwnerRepository extends JpaRepository<Owner, Long> {',
      '  String STALE = "DELETE FROM owners WHERE stale";',
      '  @Query(value = STALE, nativeQuery = true)',
      '  int dropStale();',
      '}',
    ],
  };
  const texts = Object.entries(files).map(([path, lines]) => ({ path, text: lines.join('\n'), language: languageOf(path) }));
  const constants = projectConstants(texts);
  const named = projectNamedQueries(texts, constants);
  const project = projectRepositories(texts, named, constants);

  it("says what a Spring Data repository's @Query does by the statement: qualified, in full, statically imported, native, a Kotlin object's or file's, a named query's name", () => {
    expect(summaryOf(project)('src/main/java/org/clinic/PetRepository.java')).toEqual([
      ['PetRepository', 'Pet', { purge: ['write'], dropOrphans: ['write'], byOwner: ['read'], markStale: ['write'], clean: ['write'] }],
    ]);
    expect(summaryOf(project)('src/main/kotlin/org/clinic/PetArchive.kt')).toEqual([['PetArchive', 'Pet', { archive: ['write'] }]]);
    expect(summaryOf(project)('src/main/kotlin/org/clinic/web/VisitRepository.kt')).toEqual([['VisitRepository', 'Visit', { close: ['write'] }]]);
  });

  it("without the project's constants, the same repository is read by what the file holds only", () => {
    const alone = projectRepositories(texts, projectNamedQueries(texts));
    expect(summaryOf(alone)('src/main/java/org/clinic/PetRepository.java')).toEqual([
      ['PetRepository', 'Pet', { purge: ['read'], dropOrphans: ['read'], byOwner: ['read'], markStale: ['read'], clean: ['read'] }],
    ]);
  });

  it("links the entities an entity manager's JPQL names where the class is declared; a name two classes give different statements links none", () => {
    const path = 'src/main/java/org/clinic/ClinicService.java';
    const uses = ormModelUses(files[path].join('\n'), 'java', models, { repositories: [...project.values()].flat(), own: [], named, constants });
    expect(uses.map((u) => [u.table, u.line, u.access])).toEqual([
      ['visits', 2, ['read']], // not written by Names.CLEAN
      ['pets', 2, ['write']], // `join v.pet` is a path; owners not written by Names.CLEAN
    ]);
    const kotlin = 'src/main/kotlin/org/clinic/web/OwnerService.kt';
    const held = ormModelUses(files[kotlin].join('\n'), 'kotlin', models, { repositories: [...project.values()].flat(), own: [], named, constants });
    expect(held.map((u) => [u.table, u.line, u.access])).toEqual([
      ['owners', 4, ['write']], // a Kotlin val outside any class, of a package with a backticked part
      ['visits', 4, ['write']], // a named companion's, by its name
    ]);
  });

  it("links the tables of native SQL another file's constant holds where the file runs it; SQL the file holds whole where it is written", async () => {
    const tables = async (path: keyof typeof files) => {
      const text = files[path].join('\n');
      const runs = namedNativeRuns(text, languageOf(path), named, constants);
      return (await sqlRefs(text, languageOf(path), runs)).tables.map((t) => [t.table, t.line, t.access]);
    };
    expect(await tables('src/main/java/org/clinic/PetRepository.java')).toEqual([['pets', 6, ['write']]]);
    expect(await tables('src/main/java/org/clinic/ClinicService.java')).toEqual([['pets', 7, ['write']]]);
    expect(await tables('src/main/java/org/clinic/Sql.java')).toEqual([['pets', 3, ['write']]]);
    expect(await tables('src/main/java/org/clinic/OwnerRepository.java')).toEqual([['owners', 2, ['write']]]);
  });
});
