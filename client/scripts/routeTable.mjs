// Reads the router's own route table (client/router.tsx) without running it: every route that
// loads a lazy screen, with its full path and the modules loaded for it (its parents' lazy
// layouts, then its own screen). The bundle budget uses it, so a screen added to the router is
// measured without anyone listing it. Anything in the table this reader does not understand is an
// error, never a route silently skipped.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseSync } from 'vite';

const ROOT = join(import.meta.dirname, '..', '..');
const ROUTER = join(ROOT, 'client', 'router.tsx');

function parseFile(file) {
  const result = parseSync(file, readFileSync(file, 'utf8'), { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  if (result.errors.length > 0) throw new Error(`${file}: ${result.errors[0].message}`);
  return result.program;
}

/** The project-relative file an import specifier names (the key the Vite manifest uses). */
function resolveModule(fromFile, specifier) {
  const base = join(dirname(fromFile), specifier);
  for (const candidate of [
    `${base}.tsx`,
    `${base}.ts`,
    base,
    join(base, 'index.tsx'),
    join(base, 'index.ts'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return relative(ROOT, candidate).split('\\').join('/');
  }
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

/** Depth-first search for the first node of a type (the dynamic import inside a lazyModule call). */
function findNode(node, type) {
  if (!node || typeof node !== 'object') return null;
  if (node.type === type) return node;
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      const found = child && typeof child === 'object' ? findNode(child, type) : null;
      if (found) return found;
    }
  }
  return null;
}

/** True when a route list holds a route with its own lazy screen. */
function hasLazy(node) {
  if (!node || typeof node !== 'object') return false;
  if (node.type === 'Property' && node.key?.name === 'lazy') return true;
  return Object.values(node).some((value) => (Array.isArray(value) ? value.some(hasLazy) : hasLazy(value)));
}

/** `[...] as const` and `x satisfies T` are their expression. */
const unwrapType = (node) =>
  node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression'
    ? unwrapType(node.expression)
    : node;

/** Top-level `const NAME = ...` initialisers and `import { NAME } from '...'` sources of a file. */
function topLevel(program) {
  const consts = new Map();
  const imports = new Map();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') {
      for (const item of declaration.declarations) {
        if (item.id.type === 'Identifier' && item.init) consts.set(item.id.name, unwrapType(item.init));
      }
    }
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) imports.set(specifier.local.name, statement.source.value);
    }
  }
  return { consts, imports };
}

/** Screen name -> module file, from an object of `name: lazyModule(() => import('./x'))` (and spreads of such objects). */
function readScreens(file, objectName) {
  const program = parseFile(file);
  const { consts, imports } = topLevel(program);
  const object = consts.get(objectName);
  if (object?.type !== 'ObjectExpression') throw new Error(`${file}: no object literal ${objectName}`);
  const screens = new Map();
  for (const property of object.properties) {
    if (property.type === 'SpreadElement' && property.argument.type === 'Identifier') {
      const name = property.argument.name;
      const source = imports.get(name);
      if (!source) throw new Error(`${file}: spread ${name} is not imported`);
      const other = join(ROOT, resolveModule(file, source));
      for (const [key, module] of readScreens(other, name)) screens.set(key, module);
      continue;
    }
    const imported = property.type === 'Property' ? findNode(property.value, 'ImportExpression') : null;
    if (imported?.source.type !== 'Literal') {
      throw new Error(
        `${file}: screen ${property.key?.name ?? '?'} is not a lazy import the budget can follow`,
      );
    }
    screens.set(property.key.name, resolveModule(file, imported.source.value));
  }
  return screens;
}

const joinPath = (parent, path) => {
  if (path === undefined) return parent;
  const joined = `${parent.replace(/\/$/, '')}/${path}`;
  return joined.replace(/\/\*$/, '/*');
};

/**
 * Every route with a lazy screen: `{ path, modules }`. Evaluates just enough of the route table:
 * object literals, `section({...})`-style wrappers, `screens.x`, and `...LIST.map(([a, b]) => ...)`
 * over a constant list of tuples.
 */
export function readRouteTable() {
  const program = parseFile(ROUTER);
  const { consts } = topLevel(program);
  const screens = readScreens(ROUTER, 'screens');
  const create = program.body
    .map((statement) => (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement))
    .find(
      (declaration) => declaration?.type === 'FunctionDeclaration' && declaration.id.name === 'createRoutes',
    );
  const returned = create?.body.body.find((statement) => statement.type === 'ReturnStatement')?.argument;
  if (returned?.type !== 'ArrayExpression')
    throw new Error('client/router.tsx: createRoutes must return an array literal');

  const routes = [];
  const value = (node, env) => {
    if (node.type === 'Literal') return node.value;
    if (node.type === 'Identifier' && env.has(node.name)) return env.get(node.name);
    if (node.type === 'MemberExpression' && node.object.name === 'screens' && !node.computed) {
      const module = screens.get(node.property.name);
      if (!module) throw new Error(`client/router.tsx: unknown screen screens.${node.property.name}`);
      return { module };
    }
    throw new Error(`client/router.tsx: cannot evaluate ${node.type} at offset ${node.start}`);
  };
  const visitList = (elements, parent, env) => {
    for (const element of elements) {
      if (element.type === 'SpreadElement') {
        const call = element.argument;
        const list =
          call.type === 'CallExpression' &&
          call.callee.property?.name === 'map' &&
          consts.get(call.callee.object.name);
        const mapper = call.arguments?.[0];
        if (
          list?.type !== 'ArrayExpression' ||
          mapper?.type !== 'ArrowFunctionExpression' ||
          mapper.params[0]?.type !== 'ArrayPattern'
        ) {
          throw new Error(`client/router.tsx: cannot follow the spread at offset ${element.start}`);
        }
        for (const tuple of list.elements) {
          const scope = new Map(env);
          for (const [i, param] of mapper.params[0].elements.entries()) {
            scope.set(param.name, value(tuple.elements[i], env));
          }
          visitRoute(mapper.body, parent, scope);
        }
      } else {
        visitRoute(element, parent, env);
      }
    }
  };
  const visitRoute = (node, parent, env) => {
    // section({...}) and similar wrappers: the route is their object argument.
    const object =
      node.type === 'CallExpression' ? node.arguments.find((arg) => arg.type === 'ObjectExpression') : node;
    if (object?.type !== 'ObjectExpression')
      throw new Error(`client/router.tsx: a route at offset ${node.start} is not an object literal`);
    const route = { path: undefined, lazy: undefined, children: undefined };
    for (const property of object.properties) {
      if (property.type === 'SpreadElement') continue; // `...route` inside section() is the wrapped argument
      const key = property.key.name;
      if (key === 'path') route.path = value(property.shorthand ? property.key : property.value, env);
      if (key === 'lazy') route.lazy = value(property.shorthand ? property.key : property.value, env).module;
      if (key === 'children') route.children = property.value;
    }
    const path = joinPath(parent.path, route.path);
    const modules = route.lazy ? [...parent.modules, route.lazy] : parent.modules;
    // A layout (lazy, with lazy children) is measured through each of its screens; a screen whose
    // children only name sub-paths (the task drawer's :taskId) is measured itself.
    const isLayout = route.children && hasLazy(route.children);
    if (route.lazy && !isLayout) routes.push({ path: path || '/', modules });
    if (route.children) {
      if (route.children.type !== 'ArrayExpression')
        throw new Error(
          `client/router.tsx: children at offset ${route.children.start} are not an array literal`,
        );
      visitList(route.children.elements, { path, modules }, env);
    }
  };
  visitList(returned.elements, { path: '', modules: [] }, new Map());
  return routes;
}
