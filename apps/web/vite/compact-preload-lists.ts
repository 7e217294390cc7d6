import type { Plugin } from 'vite';

/**
 * Vite's table of the files a chunk's dynamic imports preload, and its lookup, as Vite 8 writes
 * them at the top of the chunk (plugin vite:build-import-analysis), and one import's list.
 */
const VITE_TABLE =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
const VITE_LIST = /__vite__mapDeps\(\[([\d,]+)\]\)/g;
/** A list's indices are written as characters from here on: past '"', so only '\' needs escaping. */
const FIRST_CODE = 35;

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes the preload lists of the chunks' dynamic imports (a screen's chunks and sheets, fetched
 * beside it on navigation) more compactly than Vite: the table of files as one string of names
 * without their folder and `.js`, each list as a string of one character per file, and without
 * the files the importing chunk has loaded already (React in every screen's list of the start-up
 * chunk; home's own chunks in its pop-up's list): the start-up chunk 24.97 → 24.81 KB gzip.
 * A chunk whose table is not written as expected (another Vite) fails the build rather than
 * shipping lists this cannot read.
 */
export function compactPreloadLists(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'palaro:compact-preload-lists',
    // The browser's build only: the server's (--ssr) preloads nothing.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    generateBundle: {
      // After Vite's own generateBundle, which writes the lists.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk') as unknown as ChunkInfo[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const loadedWith = (chunk: ChunkInfo): Set<string> => {
          const loaded = new Set<string>();
          const visit = (file: string) => {
            const imported = byFile.get(file);
            if (!imported || loaded.has(file)) return;
            loaded.add(file);
            imported.viteMetadata?.importedCss.forEach((sheet) => loaded.add(sheet));
            imported.imports.forEach(visit);
          };
          visit(chunk.fileName);
          return loaded;
        };
        const folder = `${assetsDir}/`;
        for (const chunk of chunks) {
          if (!chunk.code.includes('__vite__mapDeps')) continue;
          const table = VITE_TABLE.exec(chunk.code);
          if (!table)
            this.error(
              `compact preload lists: ${chunk.fileName} has Vite's preload lists in a form this does not know`,
            );
          const files = JSON.parse(table[1]!) as string[];
          // Names this table cannot write (another folder, a space, another kind of file) leave the chunk as Vite wrote it.
          if (!files.every((file) => file.startsWith(folder) && !file.includes(' ') && /\.(js|css)$/.test(file)))
            continue;
          const loaded = loadedWith(chunk);
          const kept: string[] = [];
          const lists = chunk.code.slice(table[0].length).replace(VITE_LIST, (_list, indices: string) => {
            const needed = indices
              .split(',')
              .map((index) => files[Number(index)]!)
              .filter((file) => !loaded.has(file));
            if (needed.length === 0) return '[]';
            const codes = needed.map(
              (file) => (kept.includes(file) ? kept.indexOf(file) : kept.push(file) - 1) + FIRST_CODE,
            );
            return `__vite__mapDeps(${JSON.stringify(String.fromCodePoint(...codes))})`;
          });
          if (lists.includes('__vite__mapDeps(['))
            this.error(`compact preload lists: ${chunk.fileName} has a preload list this did not read`);
          const names = kept.map((file) => file.slice(folder.length).replace(/\.js$/, ''));
          chunk.code =
            kept.length === 0
              ? lists
              : `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(names.join(' '))}.split(" ").map(f=>${JSON.stringify(folder)}+(f.endsWith(".css")?f:f+".js")))))=>[...i].map(c=>d[c.codePointAt()-${FIRST_CODE}]);\n${lists}`;
        }
      },
    },
  };
}
