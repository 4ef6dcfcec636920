"""The web platform: extensions, security headers and error pages, assets, mail, deployment."""
