"""Languages on the web and the command line: which one answers, the switch, and what is translated."""
from __future__ import annotations

import re

import pytest

from siete.i18n.catalogs import cli_locale
from siete.i18n.languages import LANGUAGE_COOKIE
from siete.paths import REPO_ROOT as ROOT
from tests.support.play import HX, client_for, make_user, started_game, text

SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def test_the_browser_language_picks_the_catalog(client):
    assert html_lang(text(client.get("/", headers=SPANISH))) == "es"
    assert html_lang(text(client.get("/", headers=ENGLISH))) == "en"
    # A language we do not have falls back to the configured default (English in the tests).
    assert html_lang(text(client.get("/", headers={"Accept-Language": "de"}))) == "en"


@pytest.mark.parametrize("app_config", [{"BABEL_DEFAULT_LOCALE": "es"}])
def test_spanish_is_the_default_for_a_browser_that_says_nothing(client, app_config):
    page = text(client.get("/"))
    assert html_lang(page) == "es" and "Saltar al contenido" in page


def test_the_switch_sticks_and_beats_the_browser(client):
    response = client.get("/language/es?next=/reports", headers=ENGLISH)
    assert response.status_code == 302 and response.headers["Location"] == "/reports"
    cookie = client.get_cookie(LANGUAGE_COOKIE)
    assert cookie.value == "es" and cookie.http_only and cookie.max_age >= 300 * 24 * 3600
    page = text(client.get("/reports", headers=ENGLISH))
    assert html_lang(page) == "es" and "Informes" in page
    client.get("/language/en?next=/")
    assert html_lang(text(client.get("/", headers=SPANISH))) == "en"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)",
                                    "evil.example", "/\\evil.example", "/\t/evil.example", None])
def test_the_switch_never_leaves_the_site(client, target):
    query = {} if target is None else {"next": target}
    response = client.get("/language/en", query_string=query)
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_the_switch_goes_back_to_the_page_and_its_query(client):
    response = client.get("/language/en", query_string={"next": "/reports?x=1"})
    assert response.headers["Location"] == "/reports?x=1"


def test_an_unknown_language_changes_nothing(client):
    response = client.get("/language/xx?next=/")
    assert response.status_code == 302 and client.get_cookie(LANGUAGE_COOKIE) is None


def test_the_switch_names_both_languages_and_marks_the_current_one(client):
    page = text(client.get("/", headers=SPANISH))
    assert '<span class="lang-switch__current" lang="es" aria-current="true">Español</span>' in page
    assert re.search(r'<a class="lang-switch__link" href="/language/en\?next=/"\s+lang="en" hreflang="en">English</a>',
                     page)


def test_base_page_error_pages_and_login_in_spanish(client):
    page = text(client.get("/", headers=SPANISH))
    for words in ("Saltar al contenido", "Mesas", "Informes", "Entrar", "Registrarse", "Gana quien"):
        assert words in page
    missing = client.get("/no-such-page", headers=SPANISH)
    assert missing.status_code == 404 and "No encontrado" in text(missing)
    assert "Volver a las mesas" in text(missing)
    login = text(client.get("/auth/login", headers=SPANISH))
    assert "Nombre de usuario" in login and "Contraseña" in login and "¿Eres nuevo?" in login


def test_the_scripts_failure_lines_come_translated_with_the_page(client):
    """siete.js shows these when a request fails; it holds no words of its own."""
    words = dict(re.findall(r'data-words-([a-z-]+)="([^"]*)"', text(client.get("/", headers=SPANISH))))
    assert words == {
        "server-error": "El servidor no respondió bien ({status}). Vuelve a intentarlo en un momento.",
        "connection-lost": "Se perdió la conexión. Revisa tu red y vuelve a intentarlo.",
    }
    script = (ROOT / "static" / "js" / "siete.js").read_text(encoding="utf-8")
    assert 'pageWords("server-error")' in script and 'pageWords("connection-lost")' in script
    assert "did not answer" not in script and "Connection lost" not in script


def test_werkzeug_stock_descriptions_give_way_to_the_translated_page(client):
    wrong_method = client.delete("/auth/login", headers=SPANISH)
    assert wrong_method.status_code == 405
    assert "Esta dirección no admite ese tipo de petición." in text(wrong_method)
    assert "The method is not allowed" not in text(wrong_method)


def test_form_errors_ours_and_wtforms_own_are_spanish(client):
    page = text(client.post("/auth/register", headers=SPANISH, data={
        "username": "9x", "email": "not-an-email", "password": "short", "confirm": "other"}))
    assert "Los nombres de usuario tienen de 3 a 20 caracteres." in page
    assert "Empieza por una letra" in page
    assert "Las contraseñas no coinciden." in page
    assert "Email inválido." in page  # WTForms' own catalog (Flask-WTF I18N)


def test_the_password_policy_speaks_spanish(client):
    page = text(client.post("/auth/register", headers=SPANISH, data={
        "username": "Lola", "email": "lola@example.com", "password": "short", "confirm": "short"}))
    assert "Usa entre 8 y 128 caracteres." in page


def test_login_required_flash_is_spanish(client):
    response = client.get("/auth/password", headers=SPANISH, follow_redirects=True)
    assert "Entra con tu cuenta para seguir." in text(response)


def test_the_table_log_and_cards_in_spanish_and_english(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    spanish = text(client.get(f"/tables/{game_id}", headers=SPANISH))
    assert html_lang(spanish) == "es"
    assert re.search(r"mano 1: [\w-]+ lleva la banca", spanish)  # a house bot: As-de-Oros
    assert re.search(r"se reparten las cartas; la banca enseña (el|la) \w+ de (oros|copas|espadas|bastos)",
                     spanish)
    # One naming per language (#28): "la sota de copas" in a sentence, "sota de copas" as a label
    assert re.search(r'aria-label="\w+ de (oros|copas|espadas|bastos)"', spanish)
    assert not re.search(r"\bel sota\b|\(oros\)|\(copas\)|\(espadas\)|\(bastos\)", spanish)
    english = text(client.get(f"/tables/{game_id}/fragment?v=0", headers={**ENGLISH, **HX}))
    assert re.search(r"hand 1: [\w-]+ holds the bank", english)
    assert re.search(r'aria-label="\w+ of (coins|cups|swords|clubs)"', english)
    assert re.search(r"the cards are dealt; the bank shows the \w+ of (coins|cups|swords|clubs)<", english)


def test_a_refused_move_is_explained_in_spanish(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    response = client.post(f"/tables/{game_id}/bet", headers={**SPANISH, **HX},
                           data={"version": "0", "amount": "1"})
    assert response.status_code == 409
    assert "La mesa ha cambiado desde que la miraste; así está ahora." in text(response)
    response = client.post(f"/tables/{game_id}/bet", headers={**SPANISH, **HX}, data={"amount": "1"})
    assert response.status_code == 400 and "A esta jugada le falta la versión de la mesa" in text(response)


@pytest.mark.parametrize("environ, locale", [
    ({"LANG": "es_ES.UTF-8"}, "es"), ({"LANG": "en_US.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LC_ALL": "es_ES.UTF-8", "LANG": "en_US"}, "es"),
    ({"LC_MESSAGES": "en_GB", "LANG": "es_ES"}, "en"),
])
def test_the_command_line_language_comes_from_the_environment(environ, locale):
    assert cli_locale(environ) == locale


def test_the_reports_command_speaks_spanish_under_a_spanish_lang(runner, monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    result = runner.invoke(args=["reports", "--only", "first_card"])
    assert result.exit_code == 0, result.output
    assert "1. Primera carta más frecuente (first_card)" in result.output
    assert "Para cada jugador, la carta que más veces recibió" in result.output
    machine = runner.invoke(args=["reports", "--only", "first_card", "--format", "json"])
    assert '"title": "Most frequent first card"' in machine.output  # JSON stays as REPORTS.md says


def test_pages_say_they_vary_by_language(client):
    response = client.get("/", headers=SPANISH)
    assert "Accept-Language" in response.headers["Vary"] and "Cookie" in response.headers["Vary"]
    assert response.headers["Content-Language"] == "es"
    assert client.get("/", headers=ENGLISH).headers["Content-Language"] == "en"


@pytest.mark.parametrize("app_config", [{"WTF_CSRF_ENABLED": True}])
def test_a_refused_form_token_is_explained_in_spanish(client, app_config):
    response = client.post("/auth/login", headers=SPANISH, data={"username": "x", "password": "y"})
    assert response.status_code == 400
    assert "El formulario llegó sin su código de seguridad." in text(response)
    english = client.post("/auth/login", headers=ENGLISH, data={"username": "x", "password": "y"})
    assert "The form came without its security token." in text(english)


@pytest.mark.parametrize("accept, lang", [("es-MX,es;q=0.9", "es"), ("en-US", "en"), ("fr-FR,es;q=0.5", "es"),
                                          ("pt-BR", "en")])
def test_regional_browser_languages_find_their_catalog(client, accept, lang):
    assert html_lang(text(client.get("/", headers={"Accept-Language": accept}))) == lang


def test_the_simulate_command_speaks_spanish_under_a_spanish_lang():
    import os
    import subprocess
    import sys

    env = {**os.environ, "LANG": "es_ES.UTF-8", "COLUMNS": "200"}
    env.pop("LC_ALL", None), env.pop("LC_MESSAGES", None)
    done = subprocess.run([sys.executable, "-m", "siete", "simulate", "--games", "2", "--hands", "2",
                           "--no-progress"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "2 partidas, 4 asientos, semilla 1" in done.stdout and "perfil" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "siete", "simulate", "--profiles", "nope", "--no-progress"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and "perfil(es) desconocido(s) nope" in bad.stderr
