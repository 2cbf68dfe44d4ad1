import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';

/** /login is an old entry point: it goes home, replacing the history entry. */
export default function LoginRoute() {
  return <Navigate to={paths.home} replace />;
}
