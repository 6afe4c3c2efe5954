using System;
class A {}
