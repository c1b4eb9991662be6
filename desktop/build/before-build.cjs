// electron-builder beforeBuild hook: main, preload and renderer are bundled by electron-vite, so
// no node_modules belongs in the package. Answering false skips collecting and rebuilding them.
module.exports = async function beforeBuild() {
  return false;
};
