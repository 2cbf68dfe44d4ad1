export default function FAQsRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">FAQs</h1></div>;
}
