"""The WSGI application gunicorn serves: MapProxy with the configuration in MAPPROXY_CONFIG."""
import os

from mapproxy.wsgiapp import make_wsgi_app

application = make_wsgi_app(os.environ["MAPPROXY_CONFIG"])
