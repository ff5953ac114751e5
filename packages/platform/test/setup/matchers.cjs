require('@testing-library/jest-dom');

// findBy… and waitFor wait up to 5 s, not 1: a screen loaded on demand (React.lazy) imports its chunk
// first, which on CI's two loaded cores took longer than a second (shell's sign-in test, seen failing).
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
