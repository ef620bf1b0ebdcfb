"""Built-in catalogs: SRD creatures and weapons, and the sample campaigns' builders."""
