// Preloaded by `npm run lint:imports` (NODE_OPTIONS=--import). dependency-cruiser 17 reads .ts and .tsx
// through the `typescript` compiler API and accepts only versions below 7, while the project compiles
// with TypeScript 7, whose package has no JavaScript API. Without this, dependency-cruiser silently
// skips every TypeScript file. The hooks point dependency-cruiser's own `typescript` requests at the
// TypeScript 6 kept in this folder; every other importer still gets the project's TypeScript.
// Drop this folder once dependency-cruiser reads TypeScript 7.
import Module, { createRequire, register } from 'node:module';

const compilerHome = new URL('./package.json', import.meta.url).href;
const requireFromHome = createRequire(compilerHome);
const fromCruiser = /[\\/]node_modules[\\/]dependency-cruiser[\\/]/;
const isTypeScript = (request) => request === 'typescript' || request.startsWith('typescript/');

// The version check and availability probe go through require and require.resolve.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (isTypeScript(request) && fromCruiser.test(parent?.filename ?? '')) {
    return requireFromHome.resolve(request);
  }
  return resolveFilename.call(this, request, parent, ...rest);
};

// The compiler itself is loaded with import(), which only loader hooks can redirect.
const hooks = `
export async function resolve(specifier, context, next) {
  const isTypeScript = specifier === 'typescript' || specifier.startsWith('typescript/');
  if (isTypeScript && ${fromCruiser}.test(context.parentURL ?? '')) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(compilerHome)} });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

// dependency-cruiser exits with the number of errors, and the shell keeps only its low byte: exactly
// 256 errors would pass. Any error count becomes exit code 1.
process.on('exit', () => {
  if (Number(process.exitCode) > 0) process.exitCode = 1;
});
