/**
 * Kotlin through tree-sitter: imports and same-package names resolved by what each file declares
 * (a Kotlin file's name and folder say nothing of its package's names), Java and Kotlin seeing each
 * other's classes, and Kotlin symbols from the same parse.
 */
import { describe, expect, it } from 'vitest';
import { edgeList, scanTree, symbolsOf } from '../../../../helpers/code-scan.js';
import { resolveTree } from '../../../../helpers/lang-tree.js';

const MAIN = 'src/main/kotlin/com/shop';

const SHOP = {
  // a file named for none of what it declares, in a folder that is not its package's path
  [`${MAIN}/model/Entities.kt`]:
    'package com.shop.model\n\nimport jakarta.persistence.Entity\n\n/** A customer. */\n@Entity\ndata class Customer(val id: Long, val name: String) {\n  fun label(): String = name\n  private fun secret() = 1\n  internal fun moduleOnly() = 2\n}\n\nenum class Tier { GOLD, SILVER }\n\ninterface Priced { fun price(): Long }\n\nsealed class Shape\n',
  [`${MAIN}/model/Money.kt`]:
    'package com.shop.model\n\ntypealias Cents = Long\n\nconst val CURRENCY = "EUR"\n\nfun format(c: Cents): String = "$c $CURRENCY"\n\nprivate fun hidden() = 0\n',
  [`${MAIN}/model/Registry.kt`]: 'package com.shop.model\n\nobject Registry {\n  val all = mutableListOf<Customer>()\n}\n',
  [`${MAIN}/service/CustomerService.kt`]: [
    'package com.shop.service',
    '',
    'import com.shop.model.Customer',
    'import com.shop.model.format as fmt',
    'import com.shop.model.Registry.all',
    'import com.shop.legacy.LegacyClient',
    'import org.springframework.stereotype.Service',
    'import kotlin.collections.List',
    '',
    '@Service',
    'class CustomerService(private val client: LegacyClient) {',
    '  fun list(): List<Customer> = all',
    '  fun show(c: Customer) = fmt(c.id) + helper()',
    '}',
    '',
  ].join('\n'),
  // same package, no import: a top-level function called and a class mentioned
  [`${MAIN}/service/Helpers.kt`]: 'package com.shop.service\n\nfun helper(): String = ""\n\nval registryName = "customers"\n',
  [`${MAIN}/service/Report.kt`]:
    'package com.shop.service\n\nclass Report(val service: CustomerService) {\n  fun run(): String {\n    val registryName = "local"\n    return helper() + registryName\n  }\n}\n',
  // a wildcard links only the package's files declaring what the file mentions
  [`${MAIN}/web/Pricing.kt`]:
    'package com.shop.web\n\nimport com.shop.model.*\n\nclass Pricing : Priced {\n  override fun price(): Long = 0\n  fun tier() = Tier.GOLD\n}\n',
  // Java beside Kotlin: each imports the other's
  'src/main/java/com/shop/legacy/LegacyClient.java':
    'package com.shop.legacy;\n\nimport com.shop.model.Customer;\nimport static com.shop.model.MoneyKt.format;\n\npublic class LegacyClient {\n  public Customer fetch(long id) { return new Customer(id, format(id)); }\n}\n',
  'src/main/java/com/shop/service/Audit.java': 'package com.shop.service;\n\npublic class Audit {\n  public void log(CustomerService s) {}\n}\n',
  'src/main/kotlin/com/shop/util/Strings.kt': '@file:JvmName("StringUtil")\npackage com.shop.util\n\nfun slug(s: String) = s.lowercase()\n',
  'src/main/java/com/shop/util/Use.java': 'package com.shop.util;\n\nclass Use {\n  String s() { return StringUtil.slug("A"); }\n}\n',
};

describe('Kotlin imports and symbols (tree-sitter)', () => {
  it('resolves imports by declared names (aliases, members, wildcards by use), same-package names, and Java and Kotlin both ways', async () => {
    const s = await scanTree(SHOP);
    expect(edgeList(s)).toEqual([
      // Java imports a Kotlin class and a top-level function through its file class
      'src/main/java/com/shop/legacy/LegacyClient.java → src/main/kotlin/com/shop/model/Entities.kt',
      'src/main/java/com/shop/legacy/LegacyClient.java → src/main/kotlin/com/shop/model/Money.kt',
      // a Java class of the same package mentions a Kotlin class
      'src/main/java/com/shop/service/Audit.java → src/main/kotlin/com/shop/service/CustomerService.kt',
      // @file:JvmName names the Kotlin file's class
      'src/main/java/com/shop/util/Use.java → src/main/kotlin/com/shop/util/Strings.kt',
      // a class of the same package, named in a property's type
      'src/main/kotlin/com/shop/model/Registry.kt → src/main/kotlin/com/shop/model/Entities.kt',
      // Kotlin imports a Java class; an alias and a member of an object resolve to their declaring files
      'src/main/kotlin/com/shop/service/CustomerService.kt → src/main/java/com/shop/legacy/LegacyClient.java',
      'src/main/kotlin/com/shop/service/CustomerService.kt → src/main/kotlin/com/shop/model/Entities.kt',
      'src/main/kotlin/com/shop/service/CustomerService.kt → src/main/kotlin/com/shop/model/Money.kt',
      'src/main/kotlin/com/shop/service/CustomerService.kt → src/main/kotlin/com/shop/model/Registry.kt',
      'src/main/kotlin/com/shop/service/CustomerService.kt → src/main/kotlin/com/shop/service/Helpers.kt',
      'src/main/kotlin/com/shop/service/Report.kt → src/main/kotlin/com/shop/service/CustomerService.kt',
      // the local `registryName` is no use of Helpers.kt's property; the call of helper() is
      'src/main/kotlin/com/shop/service/Report.kt → src/main/kotlin/com/shop/service/Helpers.kt',
      // `com.shop.model.*`: Entities.kt declares Priced and Tier; Money.kt and Registry.kt are not used
      'src/main/kotlin/com/shop/web/Pricing.kt → src/main/kotlin/com/shop/model/Entities.kt',
    ]);
    const kinds = (from: string, to: string) => s.edges.find((e) => e.fromId.endsWith(from) && e.toId.endsWith(to))?.attributes.kinds;
    expect(kinds('service/Report.kt', 'service/Helpers.kt')).toEqual(['same-package']);
    expect(kinds('service/CustomerService.kt', 'legacy/LegacyClient.java')).toEqual(['import']);
  });

  it("gives a Kotlin file's top-level declarations and its classes' public methods as symbols", async () => {
    const s = await scanTree(SHOP);
    expect(symbolsOf(s, `${MAIN}/model/Entities.kt`)).toEqual([
      'class Customer: @Entity data class Customer(val id: Long, val name: String)',
      'method Customer.label: fun label(): String',
      'enum Tier: enum class Tier',
      'interface Priced: interface Priced',
      'method Priced.price: fun price(): Long',
      'class Shape: sealed class Shape',
    ]);
    expect(symbolsOf(s, `${MAIN}/model/Money.kt`)).toEqual([
      'typealias Cents: typealias Cents',
      'const CURRENCY: const val CURRENCY',
      'fun format: fun format(c: Cents): String',
    ]);
    expect(symbolsOf(s, `${MAIN}/model/Registry.kt`)).toEqual(['object Registry: object Registry']);
  });
});

const SCALA = {
  // chained package clauses; a case class and its companion object
  'src/main/scala/com/shop/model/Customer.scala':
    'package com.shop\npackage model\n\nimport com.shop.util.Strings\n\n/** A customer. */\ncase class Customer(id: Long) extends Entity {\n  def label: String = Strings.slug(id.toString)\n  private def hidden = 1\n}\n\nobject Customer {\n  def apply(): Customer = new Customer(1)\n}\n',
  'src/main/scala/com/shop/model/Entity.scala': 'package com.shop.model\n\ntrait Entity\n\ntype Id = Long\n',
  'src/main/scala/com/shop/util/Strings.scala': 'package com.shop.util\n\nobject Strings {\n  def slug(s: String): String = s.toLowerCase\n}\n',
  // a selector with a rename, a relative import (util is com.shop.util), a Scala 3 wildcard, a Java class
  'src/main/scala/com/shop/api/Routes.scala': [
    'package com.shop.api',
    '',
    'import com.shop.model.{Customer, Entity => E}',
    'import util.Strings',
    'import com.shop.db.*',
    'import com.shop.legacy.Client',
    'import scala.collection.mutable',
    '',
    'class Routes(c: Client) {',
    '  def one(): Customer = Customer()',
    '  def conn = Pool.open()',
    '}',
    '',
  ].join('\n'),
  'src/main/scala/com/shop/db/Pool.scala': 'package com.shop.db\n\nobject Pool { def open(): Int = 1 }\n',
  'src/main/scala/com/shop/db/Unused.scala': 'package com.shop.db\n\nclass Unused\n',
  'src/main/java/com/shop/legacy/Client.java': 'package com.shop.legacy;\n\nimport com.shop.model.Customer;\n\npublic class Client { Customer c; }\n',
};

describe('Scala imports and symbols (tree-sitter)', () => {
  it('resolves selectors, relative imports, wildcards by use, same-package names and Java both ways', async () => {
    const s = await scanTree(SCALA);
    const m = 'src/main/scala/com/shop';
    expect(edgeList(s)).toEqual([
      `src/main/java/com/shop/legacy/Client.java → ${m}/model/Customer.scala`,
      `${m}/api/Routes.scala → src/main/java/com/shop/legacy/Client.java`,
      `${m}/api/Routes.scala → ${m}/db/Pool.scala`,
      `${m}/api/Routes.scala → ${m}/model/Customer.scala`,
      `${m}/api/Routes.scala → ${m}/model/Entity.scala`,
      `${m}/api/Routes.scala → ${m}/util/Strings.scala`,
      `${m}/model/Customer.scala → ${m}/model/Entity.scala`,
      `${m}/model/Customer.scala → ${m}/util/Strings.scala`,
    ]);
    expect(symbolsOf(s, `${m}/model/Customer.scala`)).toEqual([
      'case class Customer: case class Customer(id: Long) extends Entity',
      'method Customer.label: def label: String',
      'method Customer.apply: def apply(): Customer',
    ]);
    expect(symbolsOf(s, `${m}/model/Entity.scala`)).toEqual(['trait Entity: trait Entity', 'type Id: type Id']);
  });

  it("a package object's members are its package's names: wildcard and named imports and the package's own files link package.scala", async () => {
    const p = 'src/main/scala/com/shop/pricing';
    const s = await scanTree({
      [`${p}/package.scala`]:
        'package com.shop\n\npackage object pricing {\n  type Money = BigDecimal\n  def round(m: Money): Money = m\n  private def hidden = 1\n}\n',
      // the package's own file: no import
      [`${p}/Tax.scala`]: 'package com.shop.pricing\n\nobject Tax {\n  def of(m: Money): Money = round(m)\n}\n',
      'src/main/scala/com/shop/api/Checkout.scala':
        'package com.shop.api\n\nimport com.shop.pricing._\n\nclass Checkout {\n  def total(m: Money) = Tax.of(m)\n}\n',
      'src/main/scala/com/shop/api/Quote.scala': 'package com.shop.api\n\nimport com.shop.pricing.round\n\nobject Quote\n',
    });
    expect(edgeList(s)).toEqual([
      `src/main/scala/com/shop/api/Checkout.scala → ${p}/Tax.scala`,
      `src/main/scala/com/shop/api/Checkout.scala → ${p}/package.scala`,
      `src/main/scala/com/shop/api/Quote.scala → ${p}/package.scala`,
      `${p}/Tax.scala → ${p}/package.scala`,
    ]);
    expect(symbolsOf(s, `${p}/package.scala`)).toEqual([
      'package object pricing: package object pricing',
      'type pricing.Money: type Money',
      'def pricing.round: def round(m: Money): Money',
    ]);
  });
});

describe('Kotlin Multiplatform (tree-sitter)', () => {
  it("links each actual declaration's file to the file of its expect, of the nearest module when two declare it", async () => {
    const common = 'shared/src/commonMain/kotlin/com/app';
    const { edges } = await resolveTree({
      [`${common}/Platform.kt`]: 'package com.app\n\nexpect fun platformName(): String\n\nexpect object Settings\n',
      [`${common}/Time.kt`]: 'package com.app.time\n\nexpect fun nowMillis(): Long\n',
      'shared/src/jvmMain/kotlin/com/app/Platform.jvm.kt':
        'package com.app\n\nimport com.app.time.*\n\nactual fun platformName(): String = "JVM"\n\nactual object Settings\n',
      'shared/src/jvmMain/kotlin/com/app/time/Time.jvm.kt': 'package com.app.time\n\nactual fun nowMillis(): Long = System.currentTimeMillis()\n',
      'shared/src/iosMain/kotlin/com/app/Platform.ios.kt': 'package com.app\n\nactual fun platformName(): String = "iOS"\n',
      // another module's expect of the same name: not the one shared's actuals implement
      'other/src/commonMain/kotlin/com/app/Platform.kt': 'package com.app\n\nexpect fun platformName(): String\n',
      // no expect declares it: no edge
      'shared/src/jvmMain/kotlin/com/app/Extra.kt': 'package com.app\n\nactual fun orphan() = 1\n',
    });
    expect(edges).toEqual([
      `shared/src/iosMain/kotlin/com/app/Platform.ios.kt → ${common}/Platform.kt (actual)`,
      `shared/src/jvmMain/kotlin/com/app/Platform.jvm.kt → ${common}/Platform.kt (actual)`,
      `shared/src/jvmMain/kotlin/com/app/time/Time.jvm.kt → ${common}/Time.kt (actual)`,
    ]);
  });
});
