export default function BlogRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Blog</h1></div>;
}
