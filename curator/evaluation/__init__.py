"""The curator's evaluation set and its benchmark (``manage.py gd_bench curator``)."""
