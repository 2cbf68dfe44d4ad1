export default function ContactRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">Contact</h1></div>;
}
