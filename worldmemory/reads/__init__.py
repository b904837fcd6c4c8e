"""The read side: typed answers built from rows (``types``) and the functions building them."""
