import { describe, expect, it } from 'vitest';
import { evaluateNameRule, pythonHelpers } from './python-name-rule.js';

const HELPERS = pythonHelpers(
  [
    'import re',
    'from inflection import underscore',
    '',
    'def resolve_table_name(name):',
    '    """Resolves table names to their mapped names."""',
    '    names = re.split("(?=[A-Z])", name)  # noqa',
    '    return "_".join([x.lower() for x in names if x])',
    '',
    'def camel_to_snake(name: str) -> str:',
    "    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower()",
    '',
    'def pluralized(name):',
    '    return inflection.pluralize(name)',
  ].join('\n'),
);
const rule = (body: string, name: string) => evaluateNameRule(body, 'cls', name, HELPERS);

describe('a name rule written in Python', () => {
  it("evaluates the forms read for a class's name: lower case, a suffix, a snake-casing helper, re.sub, inflection.underscore", () => {
    expect(rule('        return cls.__name__.lower()', 'IncidentType')).toBe('incidenttype');
    expect(rule('        return cls.__name__.lower() + "s"', 'Tag')).toBe('tags');
    expect(rule('        return f"{cls.__name__.lower()}s"', 'Tag')).toBe('tags');
    // Netflix/dispatch's: split before each capital, joined by `_` in lower case (`DSSConfig`: `d_s_s_config`)
    expect(rule('        return resolve_table_name(cls.__name__)', 'IncidentType')).toBe('incident_type');
    expect(rule('        return resolve_table_name(cls.__name__)', 'DSSConfig')).toBe('d_s_s_config');
    expect(rule('        return camel_to_snake(cls.__name__)', 'EmailTemplates')).toBe('email_templates');
    expect(rule('        return "_".join(x.lower() for x in re.split("(?=[A-Z])", cls.__name__) if x)', 'SignalFilter')).toBe('signal_filter');
    expect(rule('        return re.sub("([a-z])([A-Z])", r"\\1_\\2", cls.__name__).lower()', 'DSSConfig')).toBe('dssconfig');
    // inflection keeps an acronym whole
    expect(rule('        return inflection.underscore(cls.__name__)', 'DSSConfig')).toBe('dss_config');
    expect(rule('        return underscore(cls.__name__)', 'HTTPServer')).toBe('http_server');
    expect(rule('        """The table."""\n        name = cls.__name__\n        return name.lower()', 'Tag')).toBe('tag');
  });

  it('leaves a rule unknown when it is written otherwise: a condition, another library, a call it does not read', () => {
    expect(rule('        if has_inherited_table(cls):\n            return None\n        return cls.__name__.lower()', 'Tag')).toBeUndefined();
    expect(rule('        return inflection.pluralize(cls.__name__)', 'Tag')).toBeUndefined();
    expect(rule('        return pluralized(cls.__name__)', 'Tag')).toBeUndefined();
    expect(rule('        return cls.__name__.lower() + cls.suffix', 'Tag')).toBeUndefined();
    expect(rule('        return re.sub("x", "y", cls.__name__, flags=re.I)', 'Tag')).toBeUndefined();
    expect(rule('        return cls.table_name', 'Tag')).toBeUndefined();
    expect(rule('        return cls.__name__.lower() + "\\n"', 'Tag')).toBeUndefined();
  });
});
