"""The browser pages ("Gedächtnis"): thin views over the same services as the JSON API."""
