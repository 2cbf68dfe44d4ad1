// `npm start`: the site on http://localhost:5173 (the emulator issue adds the local Supabase beside it).
import { spawn } from 'node:child_process';

const vite = spawn('npx', ['vite'], { stdio: 'inherit' });
const stop = () => vite.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', (code) => process.exit(code ?? 0));
