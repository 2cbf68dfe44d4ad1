export default function AboutRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">About</h1></div>;
}
