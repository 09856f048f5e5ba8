// The Vite config every brand build shares: React, Tailwind, the bundle report, the
// prerendered landing page and the version label. A brand app passes only what is its own.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createServer, defineConfig } from 'vite';
import { appChunkFiles, bundleReport, routePreloadScript } from './bundle-report.mjs';
import { precompressFolder } from './precompress.mjs';
import { loadRoutes } from './route-table.mjs';

/**
 * The groups of small modules each built as one file (see build.rolldownOptions.output in
 * brandViteConfig); every group must still capture a module (fileGroupsFound), so a renamed
 * module cannot quietly bring back the files a group replaced.
 */
const FILE_GROUPS = [
  {
    name: 'app-core',
    test: /[\\/]node_modules[\\/](redux|immer|redux-thunk|use-sync-external-store)[\\/]|[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit\.modern\.mjs$|[\\/]react-redux[\\/]dist[\\/]react-redux\.mjs$|[\\/]packages[\\/]api[\\/]src[\\/](constants|session-events|notices|errors)\.ts$|[\\/]packages[\\/]merchant-centre[\\/]src[\\/]lib[\\/]session[\\/]session-slice\.ts$/,
  },
  {
    name: 'screen-common',
    test: /[\\/]packages[\\/]contract[\\/]src[\\/]messages\.ts$|[\\/]packages[\\/]ui[\\/]src[\\/]banner[\\/]|[\\/]packages[\\/]merchant-centre[\\/]src[\\/]lib[\\/]toast\.ts$/,
  },
  {
    name: 'api',
    test: /[\\/]packages[\\/]merchant-centre[\\/]src[\\/](app[\\/]attach-api|lib[\\/]session[\\/]session|lib[\\/]use-merchant)\.ts$|[\\/]packages[\\/]api[\\/]src[\\/](api|base-query|reauth|early-requests|endpoints[\\/]auth)\.ts$|[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]|[\\/]reselect[\\/]|[\\/]@standard-schema[\\/]utils[\\/]/,
  },
  {
    name: 'coupons',
    test: /[\\/]packages[\\/]contract[\\/]src[\\/]offer[\\/]|[\\/]packages[\\/]merchant-centre[\\/]src[\\/]lib[\\/]api[\\/]coupon(s|-mapper)\.ts$/,
  },
  {
    name: 'screen-parts',
    test: /[\\/]packages[\\/]merchant-centre[\\/]src[\\/](features[\\/]coupons[\\/]components[\\/]offer-parts\.ts|lib[\\/](lazy-confirm-dialog\.tsx|load-failed-banner\.tsx|use-idle\.ts))$|[\\/]packages[\\/]ui[\\/]src[\\/](coupon-card|loading-button)[\\/]/,
  },
];

/** @param {{ appDir: string, brand: string, title: string }} options */
export function brandViteConfig({ appDir, brand, title }) {
  const { version } = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  return defineConfig(async () => {
    // The route table (src/lib/route-table.ts): the route hints' and the bundle report's routes.
    const routes = await loadRoutes();
    return {
      root: appDir,
      plugins: [
        react(),
        tailwindcss(),
        dragListOwnReactRedux(),
        fileGroupsFound(),
        bundleReport({ brand, title, routes }),
        prerenderLanding({ appDir, brand, version, routes }),
      ],
      define: { __APP_VERSION__: JSON.stringify(version) },
      build: {
        outDir: 'dist',
        emptyOutDir: true,
        // Logos stay files: the landing page loads them lazily instead of inlining them into JS.
        assetsInlineLimit: 0,
        // The prerendered landing page paints from HTML; its scripts load behind it, and app.html
        // names the chunks an address needs itself (see prerenderLanding). Vite's preload of dynamic
        // imports would add each chunk's list of dependencies to every screen (1.3 KB gzipped).
        modulePreload: false,
        // One stylesheet, inlined into the pages: with a stylesheet per chunk, a screen's dynamic
        // imports waited for Vite to fetch and add the (inlined, so not found) main stylesheet again.
        cssCodeSplit: false,
        target: 'es2022',
        rolldownOptions: {
          output: {
            // Fewer, larger files for a screen: over HTTP/1.1 a browser fetches six files at a time
            // from one host and each costs a round trip, so a screen of two dozen small chunks waited
            // on its queue. Groups of small modules that would each be a file of their own:
            // - 'app-core': the store's libraries with the session and notice slices, which every
            //   app screen loads (one file instead of four);
            // - 'screen-common': the spec's messages, the banner and the toast call (one instead of three);
            // - 'api': the API layer with the sign-in, session and merchant hooks every app screen
            //   loads with it (one instead of five);
            // - 'coupons': the offer rules of the contract with the coupon list's calls and mapper,
            //   which the coupon cards, the coupon screens, Insights, Payment and Account share;
            // - 'screen-parts': the list and dialog parts of My coupons that the preview, Insights
            //   and Payment also use (one instead of six; those screens take a little more).
            // Only the modules named here move (not what they import), so the landing page, which
            // imports none of them, is unchanged; the bundle report keeps every route in budget.
            codeSplitting: { includeDependenciesRecursively: false, groups: FILE_GROUPS },
          },
          treeshake: {
            // The contract's schema modules only declare TypeBox schemas; the browser
            // imports types and MESSAGES from it, so unused schema modules can go.
            // hoist-non-react-statics (CommonJS, with react-is) serves only Formik's connect(),
            // which no form uses; marked pure, it goes with connect().
            moduleSideEffects: (/** @type {string} */ id) =>
              !/[\\/]packages[\\/]contract[\\/]src[\\/]|[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/.test(
                id,
              ),
          },
        },
      },
      server: {
        proxy: {
          '/api': 'http://127.0.0.1:4000',
          '/media': 'http://127.0.0.1:4000',
          '/dev': 'http://127.0.0.1:4000',
        },
      },
    };
  });
}

/**
 * Fails the build when a file group of FILE_GROUPS made no file (its modules were renamed or moved).
 * @returns {import('vite').Plugin}
 */
function fileGroupsFound() {
  return {
    name: 'cc-file-groups-found',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = new Set(
        Object.values(bundle).map((item) => (item.type === 'chunk' ? item.name : '')),
      );
      const missing = FILE_GROUPS.filter((group) => !names.has(group.name)).map(
        (group) => group.name,
      );
      if (missing.length > 0)
        throw new Error(`file groups without a module: ${missing.join(', ')}`);
    },
  };
}

/**
 * @hello-pangea/dnd is the one user of react-redux's connect(). Its import of react-redux
 * becomes a module of its own (the same file under another id), so connect() ships in the
 * drag list's chunk instead of the store's chunk that every screen loads. Both copies find
 * the same React context (react-redux keeps it on globalThis) and the list's store is its own.
 * @returns {import('vite').Plugin}
 */
function dragListOwnReactRedux() {
  return {
    name: 'cc-drag-list-own-react-redux',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (
        source !== 'react-redux' ||
        !importer ||
        !/[\\/]@hello-pangea[\\/]dnd[\\/]/.test(importer)
      )
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}?drag-list` } : null;
    },
  };
}

/** Until the app renders on an address other than /, the prerendered shell shows without the landing content. */
/**
 * The page with its prerendered main element emptied (app.html: a screen renders there).
 * @param {string} page
 */
function emptyMain(page) {
  const main = /(<main\b[^>]*\bdata-prerendered\b[^>]*>)[\s\S]*?(<\/main>)/;
  if (!main.test(page)) throw new Error('prerender: no prerendered main element in index.html');
  return page.replace(main, '$1$2');
}

/**
 * The landing page's loader, a file because the Content-Security-Policy allows no inline
 * script: the app's entry (named by its data-entry) loads once the prerendered page has
 * painted and loaded, so the first paint never waits for it.
 */
const LANDING_BOOT = `(function(){var entry=document.currentScript.getAttribute('data-entry');
function go(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;document.body.appendChild(s)}
if(document.readyState==='complete')go();else addEventListener('load',go)})();
`;

/**
 * Writes `content` as a content-hashed file under assets/; answers its path.
 * @param {string} outDir
 * @param {string} name
 * @param {string} content
 */
function writeHashedAsset(outDir, name, content) {
  const file = `assets/${name}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(outDir, file), content);
  return file;
}

/**
 * Writes the landing page, rendered at build time, into dist/index.html so it paints
 * before the scripts arrive. The app renders over it (createRoot), with the same markup.
 * @param {{ appDir: string, brand: string, version: string, routes: import('./route-table.mjs').BuildRoute[] }} options
 * @returns {import('vite').Plugin}
 */
function prerenderLanding({ appDir, brand, version, routes }) {
  /** @type {Map<string, string>} */
  const assetUrls = new Map();
  /** @type {string[]} */
  let appFiles = [];
  let routePreload = '';
  let outDir = join(appDir, 'dist');
  let isWritten = false;
  return {
    name: 'cc-prerender-landing',
    apply: 'build',
    writeBundle(outputOptions, bundle) {
      isWritten = true;
      outDir = outputOptions.dir ?? outDir;
      appFiles = appChunkFiles(bundle);
      routePreload = routePreloadScript(bundle, routes);
      for (const item of Object.values(bundle)) {
        if (item.type !== 'asset') continue;
        for (const original of item.originalFileNames ?? [])
          assetUrls.set(basename(original), `/${item.fileName}`);
      }
    },
    async closeBundle() {
      // A build that failed wrote nothing to prerender; its own error is the one to report.
      if (!isWritten) return;
      const server = await createServer({
        root: appDir,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react()],
      });
      try {
        // Vite loads the modules untyped: they are the packages' own.
        const { CLIENTS } = /** @type {typeof import('@cc/config')} */ (
          await server.ssrLoadModule('@cc/config')
        );
        const { prerenderLanding: render } = await server.ssrLoadModule(
          '@cc/merchant-centre/prerender',
        );
        const config = Object.values(CLIENTS).find((client) => client.key === brand);
        if (!config) throw new Error(`prerender: no client config with key ${brand}`);
        const brandLogos = Object.fromEntries(
          config.brands.map((item) => [item.logo, assetUrls.get(item.logo) ?? '']),
        );
        const html = render({
          config,
          assets: { logoUrl: assetUrls.get('logo.svg') ?? '', brandLogos },
          version,
        });
        const file = join(outDir, 'index.html');
        const page = readFileSync(file, 'utf8');
        if (!page.includes('<div id="root"></div>'))
          throw new Error('prerender: index.html has no empty #root');
        // The stylesheet goes inline: the prerendered page paints without waiting for another request.
        const withStyles = page.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
          (_tag, href) => {
            const css = readFileSync(join(outDir, href), 'utf8');
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
        let entrySrc = '';
        const withoutEntry = withStyles.replace(
          /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_tag, src) => {
            entrySrc = src;
            return '';
          },
        );
        if (!entrySrc) throw new Error('prerender: no entry script in index.html');
        const prerendered = withoutEntry.replace(
          '<div id="root"></div>',
          `<div id="root">${html}</div>`,
        );
        // index.html, served at /: the landing page, its entry loaded behind it by a deferred file.
        const boot = writeHashedAsset(outDir, 'landing-boot', LANDING_BOOT);
        writeFileSync(
          file,
          prerendered.replace(
            '</body>',
            `  <script defer src="/${boot}" data-entry="${entrySrc}"></script>\n  </body>`,
          ),
        );
        // app.html, served for every other address (the SPA fallback): the shell with an empty main
        // (still a screen tall, so the footer stays below the fold until the screen renders; none
        // of the landing's images or text to fetch or lay out), and the entry as an ordinary module
        // script, which the load event waits for. The
        // app's chunks, which the entry imports there, are fetched beside it instead of after it, and
        // so are the screen's own (the route hints, an async script that blocks neither parsing nor paint),
        // and with a stored user the screen's first API calls, which need the brand's client id.
        // The entry, the largest file and the one everything runs from, is asked for first, from the
        // head, instead of when the parser reaches the end of the body behind the others.
        const routeHints = writeHashedAsset(outDir, 'route-preload', routePreload);
        const appPreloads =
          `<script async src="/${routeHints}" data-client="${config.clientId}"></script>` +
          [entrySrc.replace(/^\//, ''), ...appFiles]
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('');
        writeFileSync(
          join(outDir, 'app.html'),
          emptyMain(prerendered)
            .replace('</head>', `${appPreloads}</head>`)
            .replace(
              '</body>',
              `  <script type="module" crossorigin src="${entrySrc}"></script>\n  </body>`,
            ),
        );
        // Last, once every file is final: the server sends these copies as they are.
        precompressFolder(outDir);
      } finally {
        await server.close();
      }
    },
  };
}
