// @ts-check
// The webpack configuration of every front-end (the shell and each remote), so that all of them
// agree on what is shared, how files are named and how a dev server reaches the gateway.
// Versions and pitfalls behind these choices: docs/STACK.md (webpack pinned to 5.110.3).
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The JavaScript minimizer webpack itself ships (what its default minimizer is), run with swc:
 * measured on two cores, swc minifies in a fraction of Terser's time for about the same bytes.
 */
const MinimizerPlugin = createRequire(require.resolve('webpack'))('minimizer-webpack-plugin');

const platformPackage = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'));

/**
 * Shared singletons, one copy per page. react-router, react-query and i18next are not listed: they
 * are reached only through @learning/platform (the facade), so they are bundled once inside it and
 * tree-shaken to what the platform re-exports; a shared library is otherwise bundled whole.
 */
export const shared = {
  react: { singleton: true, requiredVersion: platformPackage.dependencies.react },
  'react-dom': { singleton: true, requiredVersion: platformPackage.dependencies['react-dom'] },
  '@learning/platform': { singleton: true, requiredVersion: `^${platformPackage.version}` },
};

/**
 * Module resolutions that keep one copy of each library in the bundle (each measured on the
 * shell's first-visit weight):
 * - the external-runtime plugin is added by its CommonJS path, which drags a second, CommonJS copy
 *   of the federation runtime into the shell's entry (+24 KB gzipped); use its ESM build;
 * - @module-federation/retry-plugin 0.17 brings its own older sdk for one logger; use the runtime's;
 * - react-router's default export condition is its development build; use the production one.
 */
function singleCopyAliases(production) {
  const injectRuntimeCore = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  const reactRouter = require.resolve('react-router').replace(/development[\\/]index\.m?js$/, '');
  return {
    [injectRuntimeCore]: injectRuntimeCore.replace(/index\.cjs$/, 'index.js'),
    '@module-federation/sdk$': require.resolve('@module-federation/sdk').replace(/index\.cjs$/, 'index.js'),
    ...(production ? { 'react-router$': path.join(reactRouter, 'production/index.mjs') } : {}),
  };
}

/**
 * Hints in the shell's page for the files its start needs after the entry: the chunks of the async
 * boundary (`import('./bootstrap')`, see shell/src/index.ts) and of the shared modules the shell
 * provides (React, ReactDOM, the platform), which the federation runtime asks for only once the
 * entry has run. (On a first visit the shell's own copies are the ones loaded, not the fallbacks of
 * its consumes, which can sit in other chunks.) Asked for beside the entry instead, they no longer
 * wait for its download and run.
 */
class PreloadStartPlugin {
  /** @param {string} chunkGroupName the async boundary's webpackChunkName */
  constructor(chunkGroupName) {
    this.chunkGroupName = chunkGroupName;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartPlugin', (data) => {
        const publicPath = String(compilation.outputOptions.publicPath);
        const links = [...this.startFiles(compilation)].map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: publicPath + file, as: file.endsWith('.css') ? 'style' : 'script' }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }

  /** @param {import('webpack').Compilation} compilation */
  startFiles(compilation) {
    const group = compilation.namedChunkGroups.get(this.chunkGroupName);
    if (!group) throw new Error(`PreloadStartPlugin: no chunk group '${this.chunkGroupName}' (its webpackChunkName)`);
    const files = new Set();
    const addChunks = (/** @type {Iterable<import('webpack').Chunk>} */ chunks) => {
      for (const chunk of chunks) for (const file of chunk.files) files.add(file);
    };
    addChunks(group.chunks);
    for (const module of compilation.modules) {
      if (module.type !== 'provide-module') continue;
      for (const block of module.blocks) addChunks(compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
    }
    return files;
  }
}

/** Where a dev server sends the API and the run-time files: a gateway already running. */
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * The shell's dev server answers /remotes.json itself: the gateway's list, with the remotes named
 * in REMOTES (e.g. REMOTES=home=http://localhost:3001/mf-manifest.json) taken from their own dev
 * servers. A development remote needs the development shell: React's development JSX runtime
 * does not run on the production React that a production shell shares.
 * @type {import('webpack-dev-server').Configuration['setupMiddlewares']}
 */
const remotesFromGatewayAndEnv = (middlewares) => {
  const overrides = Object.fromEntries(
    (process.env.REMOTES ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => /** @type {[string, string]} */ (pair.split(/=(.*)/s).slice(0, 2))),
  );
  middlewares.unshift({
    name: 'remotes-json',
    path: '/remotes.json',
    middleware: async (_req, res) => {
      const listed = await fetch(`${gatewayUrl}/remotes.json`)
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}));
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-cache');
      res.end(JSON.stringify({ ...listed, ...overrides }));
    },
  });
  return middlewares;
};

/**
 * @typedef {object} FederatedApp
 * @property {string} name container name; for a remote it is the name in the gateway's /remotes.json
 * @property {string} root the package folder
 * @property {number} port of its dev server
 * @property {Record<string, string>} [exposes] modules a remote offers, e.g. { './routes': './src/routes.tsx' }
 * @property {boolean} [isHost] the shell: serves the page, loads the remotes, provides the runtime
 */

/**
 * @param {FederatedApp} app
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
export function federatedApp(app) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const isHost = app.isHost === true;
    const hash = production ? '.[contenthash:8]' : '';
    return {
      context: app.root,
      mode: production ? 'production' : 'development',
      // A remote's own page (src/index.ts, its routes without the shell) exists only in development.
      entry: isHost || !production ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(app.root, 'dist'),
        // The shell serves deep links (history mode), so its files are addressed from the root; a
        // remote's files are found relative to its mf-manifest.json, wherever the gateway puts it.
        publicPath: isHost ? '/' : 'auto',
        filename: `[name]${hash}.js`,
        chunkFilename: `[name]${hash}.js`,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      // Kept in <front-end>/node_modules/.cache/webpack: a rebuild after a change redoes only what changed.
      cache: {
        type: 'filesystem',
        buildDependencies: { config: [import.meta.filename, path.join(app.root, 'webpack.config.js')] },
      },
      optimization: production
        ? { minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 } } } })] }
        : {},
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // Workspace packages are TypeScript sources that import siblings as './name.js'.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: singleCopyAliases(production),
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules[\\/](?!@learning)/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          // contracts has no "sideEffects" field: say it here, so the browser gets the payload
          // token functions without the zod schemas of the events it never uses.
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(isHost
            ? { manifest: false }
            : { filename: 'remoteEntry.js', exposes: app.exposes ?? {}, manifest: true }),
          shared,
          // With the default 'version-first', one stopped remote blanks the page (STACK.md).
          shareStrategy: 'loaded-first',
          dts: false,
          dev: false,
          // The shell carries the federation runtime once and lends it to every remote entry.
          experiments: isHost ? { provideExternalRuntime: true, optimization: { target: 'web' } } : { externalRuntime: production },
        }),
        new MiniCssExtractPlugin({ filename: `[name]${hash}.css`, chunkFilename: `[name]${hash}.css` }),
        ...(isHost || !production
          ? [
              new HtmlWebpackPlugin({
                template: isHost ? './src/index.html' : path.join(import.meta.dirname, 'standalone.html'),
                title: app.name,
                scriptLoading: 'defer',
              }),
            ]
          : []),
        ...(isHost && production ? [new PreloadStartPlugin('bootstrap')] : []),
      ],
      performance: { hints: false },
      stats: production ? 'normal' : 'errors-warnings',
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        static: false,
        ...(isHost ? { setupMiddlewares: remotesFromGatewayAndEnv } : {}),
        // The development shell (another port, same site: use localhost for both) loads this remote.
        headers: isHost ? {} : { 'access-control-allow-origin': '*' },
        proxy: [
          {
            context: isHost ? ['/v1', '/config.json', '/remotes'] : ['/v1', '/config.json'],
            target: gatewayUrl,
            changeOrigin: true,
          },
        ],
        client: { overlay: { errors: true, warnings: false } },
      },
    };
  };
}
