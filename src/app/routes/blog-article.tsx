export default function ArticleRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Article</h1></div>;
}
