// Fails early when a script runs on a Node older than the pinned 24 (the system Node here is 20).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Tidemark needs Node.js 24 or newer; this is ${process.version}. Run scripts through "npm run", which uses the pinned node devDependency.`,
  );
  process.exit(1);
}
