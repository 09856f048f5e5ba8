// Vite answers `*.svg?url` imports with the file's URL in the build (vite/client
// declares this for the apps; this package's own tsconfig is for Node).
declare module '*.svg?url' {
  const url: string;
  export default url;
}
