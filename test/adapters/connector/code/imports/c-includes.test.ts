/**
 * C and C++ includes resolved as a compiler with the project's include folders would (the
 * includer's folder, `include/` folders, CMake's include directories, a unique file ending with
 * the path), system headers left out, and the files' symbols from the tree-sitter parse.
 */
import { describe, expect, it } from 'vitest';
import { edgeList, scanTree, symbolsOf } from '../../../../helpers/code-scan.js';

const TREE = {
  'CMakeLists.txt': 'project(shop)\nadd_subdirectory(lib/money)\n',
  // CMake adds lib/money/api to the include path: `#include "money.h"` anywhere finds it
  'lib/money/CMakeLists.txt': 'add_library(money money.c)\ntarget_include_directories(money PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/api)\n',
  'lib/money/api/money.h': '#pragma once\ntypedef long cents_t;\ncents_t round_cents(double v);\n',
  'lib/money/money.c':
    '#include "money.h"\n#include <math.h>\ncents_t round_cents(double v) { return (cents_t)lround(v * 100); }\nstatic int helper(void) { return 0; }\n',
  'include/shop/order.hpp':
    '#pragma once\n#include <string>\n#include "shop/types.hpp"\nnamespace shop {\nclass Order {\n public:\n  explicit Order(Id id);\n  std::string label() const;\n  int total GUARDED_BY(mu_);\n private:\n  void recompute();\n};\n}\n',
  'include/shop/db.h':
    '#pragma once\nnamespace shop {\nclass SHOP_EXPORT DB {\n public:\n  static Status Open(const Options& options, DB** dbptr);\n  virtual ~DB();\n};\nSHOP_EXPORT Status DestroyDB(const std::string& name);\n}\n',
  'include/shop/types.hpp': '#pragma once\nnamespace shop { using Id = long; struct Line { int qty; }; }\n',
  'src/order.cc':
    '#include "shop/order.hpp"\n#include <shop/types.hpp>\n#include "util/../util/strings.h"\n#include "money.h"\n#include <string.h>\nnamespace shop {\nOrder::Order(Id id) {}\nstd::string Order::label() const { return ""; }\n}\n',
  'src/util/strings.h': '#ifndef STRINGS_H\n#define STRINGS_H\nint str_len(const char *s);\n#endif\n',
  // a file named like a system header, deep in the tree: `<string.h>` is not it
  'src/util/string.h': 'int x;\n',
  // an include inside an initializer is the preprocessor's, not a node of the grammar
  'src/ops.c': '#define OP(n) { #n },\nstatic const struct op { const char *name; } ops[] = {\n#include "op_list.h"\n};\n',
  'src/op_list.h': 'OP(ADD)\nOP(SUB)\n',
  // two files end with `config.h`: the one nearer the includer wins
  'src/config.h': 'int src_config;\n',
  'tools/config.h': 'int tools_config;\n',
  'tools/gen/main.c': '#include "config.h"\n#include "missing.h"\nint main(void) { return 0; }\n',
};

describe('C and C++ includes and symbols', () => {
  it("resolves quoted includes from the includer's folder, include folders, CMake's folders and the nearest file ending with the path; system headers are no edges", async () => {
    const s = await scanTree(TREE);
    expect(edgeList(s)).toEqual([
      'include/shop/order.hpp → include/shop/types.hpp',
      'lib/money/money.c → lib/money/api/money.h',
      'src/ops.c → src/op_list.h',
      'src/order.cc → include/shop/order.hpp',
      'src/order.cc → include/shop/types.hpp',
      'src/order.cc → lib/money/api/money.h',
      'src/order.cc → src/util/strings.h',
      'tools/gen/main.c → tools/config.h',
    ]);
    const kinds = s.edges.find((e) => e.fromId.endsWith('src/ops.c'))?.attributes.kinds;
    expect(kinds).toEqual(['include']);
  });

  it('reads the backslashes of an include written on Windows as folder separators', async () => {
    const s = await scanTree({
      'include/shop/types.hpp': 'namespace shop { using Id = long; }\n',
      'src/util/strings.h': 'int str_len(const char *s);\n',
      'src/order.cc': '#include "util\\strings.h"\nint x;\n',
      // doubled, as a string literal would write them
      'src/util/trim.c': '#include "..\\\\..\\\\include\\\\shop\\\\types.hpp"\nint y;\n',
    });
    expect(edgeList(s)).toEqual(['src/order.cc → src/util/strings.h', 'src/util/trim.c → include/shop/types.hpp']);
  });

  it('resolves an include whose case differs from the file (Windows folds it) only when no file matches exactly', async () => {
    const s = await scanTree({
      'Utility/Vector2D.h': 'struct Vector2D { float x, y; };\n',
      'Game/Player.cpp': '#include "..\\\\utility\\\\vector2d.h"\nint p;\n',
      // the folded name reaches the file that ends with it too
      'Game/Enemy.cpp': '#include "VECTOR2D.H"\nint e;\n',
      // an exact match in a later folder wins over a folded one nearer
      'Game/log.h': 'int game_log;\n',
      'include/Log.h': 'int shared_log;\n',
      'Game/Main.cpp': '#include "Log.h"\nint m;\n',
      // two files fold to the same name: neither is guessed
      'a/Util.h': 'int a;\n',
      'a/util.h': 'int b;\n',
      'b/use.c': '#include "UTIL.h"\nint u;\n',
    });
    expect(edgeList(s)).toEqual(['Game/Enemy.cpp → Utility/Vector2D.h', 'Game/Main.cpp → include/Log.h', 'Game/Player.cpp → Utility/Vector2D.h']);
  });

  it('gives functions (not static ones), types, typedefs and public methods as symbols; macros are none', async () => {
    const s = await scanTree(TREE);
    expect(symbolsOf(s, 'lib/money/money.c')).toEqual(['function round_cents: cents_t round_cents(double v)']);
    // a header's prototypes are its API
    expect(symbolsOf(s, 'lib/money/api/money.h')).toEqual(['typedef cents_t: typedef long cents_t', 'function round_cents: cents_t round_cents(double v)']);
    // export macros: the class is DB, not LEVELDB_EXPORT, and the function after one is read
    expect(symbolsOf(s, 'include/shop/db.h')).toEqual([
      'class DB: class DB',
      'method DB.Open: static Status Open(const Options& options, DB** dbptr)',
      'function DestroyDB: Status DestroyDB(const std::string& name)',
    ]);
    expect(symbolsOf(s, 'include/shop/order.hpp')).toEqual([
      'class Order: class Order',
      'method Order.Order: explicit Order(Id id)',
      'method Order.label: std::string label() const',
    ]);
    expect(symbolsOf(s, 'include/shop/types.hpp')).toEqual(['typedef Id: using Id', 'struct Line: struct Line']);
    expect(symbolsOf(s, 'src/order.cc')).toEqual(['method Order.Order: Order::Order(Id id)', 'method Order.label: std::string Order::label() const']);
  });
});
