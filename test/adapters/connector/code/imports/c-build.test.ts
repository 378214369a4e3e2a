/**
 * C and C++ include folders from a project's build: a compilation database's flags (for its
 * files, and for the headers of the folders they cover), a Makefile's -I (for the files under
 * it), CMake's target folders of a subproject; a change to one of them reads the tree again
 * where the tree has C or C++ files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignRoot, includeFlags, makefileDirs, shellWords } from '../../../../../src/adapters/connector/code/imports/c-build.js';
import { edgeList, scanFolder, scanTree, writeTree } from '../../../../helpers/code-scan.js';

/** Two folders hold a `config.h`, two a `dep.h`: only the build says which one a file gets. */
const CONFIGS = {
  'conf/release/config.h': '#define RELEASE 1\n',
  'conf/debug/config.h': '#define DEBUG 1\n',
};

const write = (root: string, path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('C and C++ include folders from the build', () => {
  it('reads the flags of a compile command and applies them to its file', () => {
    expect(shellWords(`cc -I"a b" -I 'c d' -DX=\\"y\\" e\\ f`)).toEqual(['cc', '-Ia b', '-I', 'c d', '-DX="y"', 'e f']);
    expect(includeFlags(['cc', '-iquote', 'q', '-isystem', 's', '-Ia', '-I', 'b', '-include', 'pre.h', '-include-pch', 'x.pch', '/Inot', '-c', 'x.c'])).toEqual(
      {
        quote: ['q'],
        dirs: ['a', 'b', 's'],
        forced: ['pre.h'],
      },
    );
    // /I is MSVC's flag: for cl.exe a folder, for cc a path like any other
    expect(includeFlags(['C:\\VC\\bin\\cl.exe', '/Iinc', '/FIpch.h', '/c', 'x.c'])).toEqual({ quote: [], dirs: ['inc'], forced: ['pch.h'] });
  });

  it("resolves with a compile_commands.json's -I, -iquote and -include, from an ignored build folder: for its files, and the headers of the folders they cover", async () => {
    const root = writeTree({
      ...CONFIGS,
      '.gitignore': 'build/\n',
      'app/main.c': '#include "config.h"\nint main(void) { return 0; }\n',
      'lib/util.c': '#include "config.h"\n',
      // no entry compiles a header: the entries of its folder say where its includes are
      'app/app.h': '#include "config.h"\n',
      'app/pre.h': '#define PRE 1\n',
      // nothing compiles tools/: `config.h` is either file, so neither
      'tools/gen.c': '#include "config.h"\n',
    });
    write(
      root,
      'build/compile_commands.json',
      JSON.stringify([
        // a command line, run in app/: its folders relative to it, one outside the tree left out
        { directory: join(root, 'app'), file: 'main.c', command: 'cc -I../conf/release -I/usr/include -I ../../elsewhere -include pre.h -c main.c' },
        // an argument list, an absolute file
        {
          directory: root,
          file: join(root, 'lib/util.c'),
          arguments: ['cc', '-iquote', 'conf/debug', '-isystem', '/usr/include', '-c', join(root, 'lib/util.c')],
        },
      ]),
    );
    const s = await scanFolder(root);
    expect(edgeList(s)).toEqual([
      'app/app.h → conf/release/config.h',
      'app/main.c → app/pre.h',
      'app/main.c → conf/release/config.h',
      'lib/util.c → conf/debug/config.h',
    ]);
  });

  it('moves the paths of a database made on another machine into the tree, from the root its files agree on', async () => {
    const root = writeTree({
      ...CONFIGS,
      'app/main.c': '#include "config.h"\n',
      'lib/util.c': '#include "config.h"\n',
      'lib/util.h': '#include "config.h"\n',
      'tools/gen.c': '#include "config.h"\n',
    });
    const ci = '/home/ci/work/proj';
    write(
      root,
      'compile_commands.json',
      JSON.stringify([
        // a build folder of the other machine, the file relative to it
        { directory: `${ci}/build`, file: '../app/main.c', command: 'cc -I../conf/release -I/usr/include -c ../app/main.c' },
        { directory: ci, file: `${ci}/lib/util.c`, arguments: ['cc', `-I${ci}/conf/debug`, '-c', `${ci}/lib/util.c`] },
        // a file of another project of that machine: not this tree's
        { directory: '/home/ci/other', file: '/home/ci/other/tools/gen.c', arguments: ['cc', '-I/home/ci/other/conf/debug', '-c', 'tools/gen.c'] },
      ]),
    );
    expect(edgeList(await scanFolder(root))).toEqual([
      'app/main.c → conf/release/config.h',
      'lib/util.c → conf/debug/config.h',
      'lib/util.h → conf/debug/config.h',
    ]);
    const known = new Set(['app/main.c', 'lib/util.c', 'tools/gen.c', 'main.c']);
    // the longest ending the tree holds, the root most files agree on
    expect(foreignRoot([`${ci}/app/main.c`, `${ci}/lib/util.c`, '/home/ci/other/tools/gen.c'], known)).toBe(ci);
    expect(foreignRoot(['/app/main.c'], known)).toBe('/');
    expect(foreignRoot(['/home/ci/x.c'], known)).toBeNull();
  });

  it("finds the database in CLion's cmake-build-debug/ and through a root link into an ignored folder of the tree", async () => {
    const root = writeTree({
      ...CONFIGS,
      '.gitignore': 'cmake-build-debug/\n_b/\ncompile_commands.json\n',
      'app/main.c': '#include "config.h"\n',
      'lib/x.c': '#include "config.h"\n',
    });
    const entry = (file: string, dir: string) => ({ directory: root, file, arguments: ['cc', `-I${dir}`, '-c', file] });
    write(root, 'cmake-build-debug/compile_commands.json', JSON.stringify([entry('app/main.c', 'conf/release')]));
    write(root, '_b/compile_commands.json', JSON.stringify([entry('lib/x.c', 'conf/debug')]));
    symlinkSync('_b/compile_commands.json', join(root, 'compile_commands.json'));
    expect(edgeList(await scanFolder(root))).toEqual(['app/main.c → conf/release/config.h', 'lib/x.c → conf/debug/config.h']);
  });

  it("resolves with a Makefile's -I for the files under its folder; CMake's ${PROJECT_SOURCE_DIR} is a subproject's folder", async () => {
    const s = await scanTree({
      'vendor/a/dep.h': 'int a;\n',
      'vendor/b/dep.h': 'int b;\n',
      'lib/inc/own.h': 'int own;\n',
      'lib/Makefile': 'CC = cc\nFINAL_CFLAGS += -I$(PREFIX)/include -I/opt/x\nCFLAGS += -O2 -I../vendor/a \\\n  -Iinc # ours\nall: x.o\n',
      'lib/x.c': '#include "dep.h"\n',
      'lib/sub/y.c': '#include <own.h>\n',
      // no Makefile above it: `dep.h` is either file
      'tools/t.c': '#include "dep.h"\n#include <own.h>\n',
      'ext/z/CMakeLists.txt': 'project(z C)\nadd_library(z z.c)\ntarget_include_directories(z PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/api>)\n',
      'ext/z/api/zz.h': 'int zz;\n',
      'ext/m/CMakeLists.txt': 'add_library(m m.c)\ntarget_include_directories(m PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/inc)\n',
      'ext/m/inc/mm.h': 'int mm;\n',
      'src/main.c': '#include <zz.h>\n#include <mm.h>\n',
    });
    expect(edgeList(s)).toEqual(['lib/sub/y.c → lib/inc/own.h', 'lib/x.c → vendor/a/dep.h', 'src/main.c → ext/m/inc/mm.h', 'src/main.c → ext/z/api/zz.h']);
    expect(makefileDirs('lib/Makefile', 'CPPFLAGS := -I../../out -Iinc/\nLDFLAGS = -Ivendor\n')).toEqual(['lib/inc']);
    // automake's folders: the Makefile.am's own, the root
    expect(makefileDirs('lib/Makefile.am', 'AM_CPPFLAGS = -I$(srcdir)/inc -I$(top_srcdir)/vendor/a -I$(builddir)/../../x\n')).toEqual(['lib/inc', 'vendor/a']);
  });

  it('reads the tree again when only the compile_commands.json or a Makefile changed', async () => {
    const root = writeTree({ ...CONFIGS, '.gitignore': 'build/\n', 'app/main.c': '#include "config.h"\n', 'lib/x.c': '#include "config.h"\n' });
    execFileSync('git', ['init', '-q', root]);
    const database = (dir: string) => JSON.stringify([{ directory: root, file: 'app/main.c', arguments: ['cc', `-I${dir}`, '-c', 'app/main.c'] }]);
    write(root, 'build/compile_commands.json', database('conf/release'));
    write(root, 'lib/Makefile', 'CFLAGS = -I../conf/release\n');
    const first = await scanFolder(root);
    expect(edgeList(first)).toEqual(['app/main.c → conf/release/config.h', 'lib/x.c → conf/release/config.h']);
    write(root, 'build/compile_commands.json', database('conf/debug'));
    write(root, 'lib/Makefile', 'CFLAGS = -I../conf/debug\n');
    const changed = await scanFolder(root, first.objects);
    expect(changed.info.notes).toEqual([expect.not.stringContaining('unchanged')]);
    expect(edgeList(changed)).toEqual(['app/main.c → conf/debug/config.h', 'lib/x.c → conf/debug/config.h']);
  });

  it('does not read a tree without C or C++ files again when only its Makefile or a compile_commands.json changed', async () => {
    const root = writeTree({
      'go.mod': 'module example.com/shop\n',
      'cmd/main.go': 'package main\n\nimport "example.com/shop/lib"\n\nfunc main() { lib.Run() }\n',
      'lib/lib.go': 'package lib\n\nfunc Run() {}\n',
      Makefile: 'build:\n\tgo build ./...\n',
    });
    execFileSync('git', ['init', '-q', root]);
    const first = await scanFolder(root);
    expect(edgeList(first)).toEqual(['cmd/main.go → lib/lib.go']);
    write(root, 'Makefile', 'CFLAGS = -Ilib\nbuild:\n\tgo build -v ./...\n');
    write(root, 'compile_commands.json', '[]');
    const again = await scanFolder(root, first.objects);
    expect(again.info.notes).toEqual([expect.stringContaining('unchanged: not rescanned')]);
    expect(edgeList(again)).toEqual(['cmd/main.go → lib/lib.go']);
  });
});
