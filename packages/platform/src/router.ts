// The router pieces the shell and the remotes use, re-exported so that react-router is bundled
// once, tree-shaken, inside this shared singleton (a shared library is otherwise shipped whole).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  generatePath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, To } from 'react-router-dom';
