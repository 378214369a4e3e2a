/**
 * C# type references resolved to files (csharp-imports): a `using` links the files of its
 * namespace declaring a type the file mentions; the own and enclosing namespaces need none;
 * `using static`, aliases, a project's `global using`s and the SDK's implicit ones, extension
 * methods by name, dotted names, attributes, partial classes across files; a project sees only
 * the projects it references; framework types are no edges.
 */
import { describe, expect, it } from 'vitest';
import { resolveTree } from '../../../../helpers/lang-tree.js';

const SOLUTION = {
  'Directory.Build.props': '<Project>\n  <PropertyGroup>\n    <ImplicitUsings>enable</ImplicitUsings>\n  </PropertyGroup>\n</Project>\n',
  'src/Shop.Core/Shop.Core.csproj': '<Project Sdk="Microsoft.NET.Sdk">\n</Project>\n',
  'src/Shop.Core/Money.cs': 'namespace Shop.Core;\n\npublic record Money(decimal Amount);\n',
  'src/Shop.Core/Entities/Order.cs': [
    'namespace Shop.Core.Entities;',
    '',
    'public class Order',
    '{',
    '    public List<OrderItem> Items { get; } = new();',
    '    public Money Total() => new Money(0);',
    '    private void Recalculate() { }',
    '}',
    '',
  ].join('\n'),
  'src/Shop.Core/Entities/OrderItem.cs': 'namespace Shop.Core.Entities\n{\n    public class OrderItem { }\n}\n',
  'src/Shop.Core/Interfaces/IRepository.cs': 'namespace Shop.Core.Interfaces;\n\npublic interface IRepository<T>\n{\n    T Find(int id);\n}\n',
  'src/Shop.Core/Util/Strings.cs':
    'namespace Shop.Core.Util;\n\npublic static class Strings\n{\n    public static string Slug(string s) => s;\n    public static string Shout(this string s) => s;\n}\n',
  // the usual home of a project's service registrations, which a Web project's implicit usings open
  'src/Shop.Core/DependencyInjection.cs':
    'namespace Microsoft.Extensions.DependencyInjection;\n\npublic static class DependencyInjection\n{\n    public static IServiceCollection AddCore(this IServiceCollection services) => services;\n}\n',
  'src/Shop.Core/Util/GuardAttribute.cs': 'namespace Shop.Core.Util;\n\npublic class GuardAttribute : System.Attribute { }\n',
  'src/Shop.Web/Shop.Web.csproj':
    '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <ProjectReference Include="..\\Shop.Core\\Shop.Core.csproj" />\n  </ItemGroup>\n</Project>\n',
  'src/Shop.Web/GlobalUsings.cs': 'global using Shop.Core.Entities;\n',
  'src/Shop.Web/Controllers/OrderController.cs': [
    'using System;',
    'using Microsoft.AspNetCore.Mvc;',
    'using Shop.Core.Interfaces;',
    'using static Shop.Core.Util.Strings;',
    '',
    'namespace Shop.Web.Controllers',
    '{',
    '    public partial class OrderController : ControllerBase',
    '    {',
    '        private readonly IRepository<Order> _orders;',
    '        public Helpers.Paging Page;',
    '        public string Name() => Slug("x");',
    '    }',
    '}',
    '',
  ].join('\n'),
  'src/Shop.Web/Controllers/OrderController.Actions.cs': [
    'namespace Shop.Web.Controllers;',
    '',
    'public partial class OrderController',
    '{',
    '    public Dashboard Index() => new Dashboard();',
    '}',
    '',
  ].join('\n'),
  'src/Shop.Web/Helpers/Paging.cs':
    'using Shop.Core.Util;\n\nnamespace Shop.Web.Helpers;\n\n[Guard]\npublic class Paging\n{\n    public string Title() => "page".Shout();\n}\n',
  'src/Shop.Web/Program.cs': 'var builder = WebApplication.CreateBuilder(args);\nbuilder.Services.AddCore();\nbuilder.Build().Run();\n',
  'src/Shop.Web/Dashboard.cs': [
    'using Ord = Shop.Core.Entities.Order;',
    'using Core = Shop.Core;',
    '',
    'namespace Shop.Web;',
    '',
    'public class Dashboard',
    '{',
    '    public Ord Last;',
    '    public Core.Money Total;',
    '}',
    '',
  ].join('\n'),
  // a project that references none: Shop.Core's types are not its own
  'src/Shop.Admin/Shop.Admin.csproj': '<Project Sdk="Microsoft.NET.Sdk">\n</Project>\n',
  'src/Shop.Admin/Report.cs': 'using Shop.Core.Entities;\n\nnamespace Shop.Admin;\n\npublic class Report { public Order Latest; }\n',
};

describe('C# imports (tree-sitter)', () => {
  it('usings, enclosing namespaces, using static, aliases, global and implicit usings, extension methods, dotted names, attributes and partial classes', async () => {
    const { edges } = await resolveTree(SOLUTION);
    expect(edges).toEqual([
      'src/Shop.Core/Entities/Order.cs → src/Shop.Core/Entities/OrderItem.cs (same-namespace)',
      'src/Shop.Core/Entities/Order.cs → src/Shop.Core/Money.cs (same-namespace)',
      'src/Shop.Web/Controllers/OrderController.Actions.cs → src/Shop.Web/Controllers/OrderController.cs (partial)',
      'src/Shop.Web/Controllers/OrderController.Actions.cs → src/Shop.Web/Dashboard.cs (same-namespace)',
      'src/Shop.Web/Controllers/OrderController.cs → src/Shop.Core/Entities/Order.cs (using)',
      'src/Shop.Web/Controllers/OrderController.cs → src/Shop.Core/Interfaces/IRepository.cs (using)',
      'src/Shop.Web/Controllers/OrderController.cs → src/Shop.Core/Util/Strings.cs (using-static)',
      'src/Shop.Web/Controllers/OrderController.cs → src/Shop.Web/Controllers/OrderController.Actions.cs (partial)',
      'src/Shop.Web/Controllers/OrderController.cs → src/Shop.Web/Helpers/Paging.cs (qualified)',
      'src/Shop.Web/Dashboard.cs → src/Shop.Core/Entities/Order.cs (using)',
      'src/Shop.Web/Dashboard.cs → src/Shop.Core/Money.cs (qualified)',
      'src/Shop.Web/Helpers/Paging.cs → src/Shop.Core/Util/GuardAttribute.cs (using)',
      'src/Shop.Web/Helpers/Paging.cs → src/Shop.Core/Util/Strings.cs (using)',
      'src/Shop.Web/Program.cs → src/Shop.Core/DependencyInjection.cs (using)',
    ]);
  });

  it('symbols: types and their public methods as Type.Name (an interface’s too)', async () => {
    const { parsed } = await resolveTree(SOLUTION);
    const symbols = (file: string) => parsed.get(file)!.symbols.map((s) => `${s.kind} ${s.name}: ${s.signature}`);
    expect(symbols('src/Shop.Core/Entities/Order.cs')).toEqual(['class Order: public class Order', 'method Order.Total: public Money Total()']);
    expect(symbols('src/Shop.Core/Interfaces/IRepository.cs')).toEqual([
      'interface IRepository: public interface IRepository<T>',
      'method IRepository.Find: T Find(int id)',
    ]);
    expect(symbols('src/Shop.Core/Money.cs')).toEqual(['record Money: public record Money(decimal Amount)']);
  });

  it('reads C# 12 (a primary constructor, collection expressions, a record struct) without syntax errors, and an alias the file opens by no other using', async () => {
    const { edges, parsed } = await resolveTree({
      'src/Shop/Errors/ValidationException.cs': 'namespace Shop.Errors;\n\npublic class ValidationException : Exception { }\n',
      'src/Shop/Checkout.cs': [
        // a byte-order mark, then an alias named as the type it stands for (as FluentValidation users write it)
        '\ufeffusing ValidationException = Shop.Errors.ValidationException;',
        '',
        'namespace Shop.Checkout;',
        '',
        'public record struct Point(int X, int Y);',
        '',
        'public class Checkout(ILogger logger)',
        '{',
        '    private readonly int[] _sizes = [1, 2, 3];',
        '    public void Run() => throw new ValidationException();',
        '}',
        '',
      ].join('\n'),
    });
    expect(edges).toEqual(['src/Shop/Checkout.cs → src/Shop/Errors/ValidationException.cs (using)']);
    const file = parsed.get('src/Shop/Checkout.cs')!;
    expect(file.syntaxErrors).toBe(false);
    expect(file.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['record struct Point', 'class Checkout', 'method Checkout.Run']);
  });
});
