export default function ThriftingExplorerRoute() {
  return <div className="container py-12"><h1 className="text-3xl font-bold">ThriftingExplorer</h1></div>;
}
