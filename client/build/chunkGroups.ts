import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { readRouteTable } from '../scripts/routeTable.mjs';

/**
 * Fewer, larger chunks before the first render (issue 22, decision 0056). Left to itself the bundler
 * makes a chunk for every set of screens that shares a module, so a team screen loaded about 60
 * files, most under 2 KB; on a phone's HTTP/1.1 (six connections) each costs a round trip. Two groups
 * are merged, neither adding a byte to any route (client/scripts/bundle-size.mjs shows it):
 * - `app`: what the app's entry (client/main.tsx) imports statically, which every screen loads
 *   first anyway, except what the boot script shares with it (so the boot script stays small);
 * - `signed-in`: the modules only the signed-in frame (features/shell/SignedInLayout.tsx) and the
 *   screens inside it use: every signed-in screen loads the frame first, and no signed-out screen
 *   (sign-in, guest pages, setup, 404) or the entry uses them, so those do not load the frame's code.
 * The sets are read from the module graph once every module is loaded (buildEnd). A package's index
 * (`@mantine/core`, `@tabler/icons-react`) imports all of the package: it is followed only for the
 * names a module imports from it, else every screen would seem to use every component.
 */
export const groupOf = new Map<string, 'app' | 'signed-in' | 'boot' | 'screen'>();
export function chunkGroups(): Plugin {
  const ROOT = fileURLToPath(new URL('../../', import.meta.url));
  const FRAME = 'client/features/shell/SignedInLayout.tsx';
  const IMPORT = /\b(?:import|export)\s+(?!type\b)([\w$*{},\s]*?)\s*from\s*['"]([^'"]+)['"]/g;
  /** The names an `import {...}` / `export {...} from` clause brings in (`a as b`: a), or '*' for all. */
  const namesOf = (clause: string): string[] => {
    const braces = /\{([^}]*)\}/.exec(clause);
    const names = braces
      ? braces[1]
          .split(',')
          .map((part) => part.trim().replace(/^type\s+/, ''))
          .filter(Boolean)
          .map((part) => part.split(/\s+as\s+/))
      : [];
    // A default or namespace import of a package index takes all of it.
    const rest = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    return rest ? ['*'] : names.map(([name]) => name);
  };
  return {
    name: 'chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const info = (id: string) => this.getModuleInfo(id);
      const isBarrel = (id: string) =>
        /[\\/]node_modules[\\/]/.test(id) && (info(id)?.importedIds.length ?? 0) > 40;
      const source = (id: string) => {
        try {
          return readFileSync(id.split('?')[0], 'utf8');
        } catch {
          return '';
        }
      };
      // A barrel's exports: name -> the module that defines it (its import and export-from lines).
      const exportsOf = new Map<string, Map<string, string>>();
      const barrelExports = (barrel: string) => {
        let map = exportsOf.get(barrel);
        if (map) return map;
        map = new Map();
        const byPath = new Map(
          (info(barrel)?.importedIds ?? []).map((id) => [id.split('?')[0], id] as const),
        );
        for (const [, clause, from] of source(barrel).matchAll(IMPORT)) {
          const target = byPath.get(join(dirname(barrel), from));
          const braces = /\{([^}]*)\}/.exec(clause);
          if (!target || !braces) continue;
          for (const part of braces[1].split(',')) {
            const [name, alias] = part.trim().split(/\s+as\s+/);
            if (name) map.set(alias ?? name, target);
          }
        }
        exportsOf.set(barrel, map);
        return map;
      };
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || isBarrel(id)) return;
          seen.add(id);
          const imported = info(id)?.importedIds ?? [];
          const barrels = imported.filter(isBarrel);
          for (const next of imported) if (!barrels.includes(next)) visit(next);
          if (barrels.length === 0) return;
          const clauses = [...source(id).matchAll(IMPORT)].filter(([, , from]) => !from.startsWith('.'));
          for (const barrel of barrels) {
            const exported = barrelExports(barrel);
            const names = clauses
              .filter(([, , from]) =>
                barrel.includes(`${sep}node_modules${sep}${from.split('/').join(sep)}${sep}`),
              )
              .flatMap(([, clause]) => namesOf(clause));
            if (names.includes('*')) for (const target of exported.values()) visit(target);
            else for (const name of names) if (exported.has(name)) visit(exported.get(name) as string);
          }
        };
        for (const id of start) visit(id);
        return seen;
      };
      const required = (module: string) => {
        const id = `${ROOT}${module}`;
        if (!info(id)) this.error(`chunk-groups: ${module} is not in the build`);
        return id;
      };
      const routes = readRouteTable();
      const boot = closure([required('client/boot.ts')]);
      const app = closure([required('client/main.tsx')]);
      const signedOut = closure(
        routes
          .filter(({ modules }) => !modules.includes(FRAME))
          .flatMap(({ modules }) => modules.map(required)),
      );
      const frame = closure([required(FRAME)]);
      groupOf.clear();
      for (const id of boot) groupOf.set(id, 'boot');
      for (const id of this.getModuleIds())
        if ((info(id)?.dynamicImporters.length ?? 0) > 0 && !groupOf.has(id)) groupOf.set(id, 'screen');
      for (const id of frame) {
        if (groupOf.has(id) || app.has(id) || signedOut.has(id)) continue;
        groupOf.set(id, 'signed-in');
      }
    },
    generateBundle(_options, bundle) {
      // The boot script runs first only if it waits for no more than its own small imports.
      const boot = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.facadeModuleId === `${ROOT}client/boot.ts`,
      );
      if (boot?.type === 'chunk')
        for (const imported of boot.imports) {
          const chunk = bundle[imported];
          if (chunk?.type === 'chunk' && (chunk.isEntry || chunk.code.length > 8192))
            this.error(`chunk-groups: the boot script imports ${imported}, the app's code`);
        }
      // The frame's chunk and what it imports must not import one another: a cycle between chunks
      // runs one of them before the other has defined what it uses.
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const frameChunk = chunks.find((chunk) => chunk.name === 'signed-in');
      if (!frameChunk) this.error('chunk-groups: no signed-in chunk');
      const reaches = (from: string, target: string, seen = new Set<string>()): boolean => {
        if (from === target) return true;
        if (seen.has(from)) return false;
        seen.add(from);
        return (byFile.get(from)?.imports ?? []).some((next) => reaches(next, target, seen));
      };
      for (const imported of frameChunk.imports)
        if (reaches(imported, frameChunk.fileName))
          this.error(
            `chunk-groups: ${imported} and the signed-in chunk import one another (${byFile
              .get(imported)
              ?.moduleIds.map((id) => id.replace(ROOT, ''))
              .join(', ')})`,
          );
    },
  };
}
