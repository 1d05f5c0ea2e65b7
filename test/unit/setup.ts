// happy-dom does not load iframe pages and reports that, through Node's own console, for every
// iframe the lightbox renders; the browser tests load them for real. Only that message is dropped.
import nodeConsole from 'node:console';

for (const target of new Set([nodeConsole, console])) {
  const error = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (String(args[0]).includes('Iframe page loading is disabled')) return;
    error(...args);
  };
}
