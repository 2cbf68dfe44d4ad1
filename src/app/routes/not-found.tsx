export default function NotFoundRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">NotFound</h1></div>;
}
