// While the session is checked, the code of the page the address names starts loading at once: the
// shell, the page host, the page kind with its widgets and the screen file. Left to themselves, each is
// asked for only when the part before it has rendered, one round trip after another.
import { matchPath } from 'react-router-dom';

const ignore = () => undefined;

export function prefetchRoute(pathname: string): void {
  import('../shell/Shell').catch(ignore);
  import('../screens/meta')
    .then(({ screenMetas }) => {
      const entry = screenMetas.find((s) => matchPath({ path: s.meta.path, end: true }, pathname));
      if (!entry) return;
      const { kind, path } = entry.meta;
      return import('../host/ScreenHost').then((host) => host.prefetchPage(kind, path));
    })
    .catch(ignore);
}
