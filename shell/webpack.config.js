// The shell's build: the host page, which loads the remotes listed by the gateway's /remotes.json.
import { federatedApp } from '@learning/platform/build';

export default federatedApp({ name: 'shell', root: import.meta.dirname, port: 3000, isHost: true });
