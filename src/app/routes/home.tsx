export default function HomeRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Home</h1></div>;
}
