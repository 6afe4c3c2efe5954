using System.IO;
class A {}
